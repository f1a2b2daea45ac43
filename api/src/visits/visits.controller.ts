import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { visitDaySchema, visitSlotIdSchema, visitSlotSchema, visitSlotsOfGoodSchema, type VisitSlotRequest } from '@hsa-lli/common/back-office';
import { linkTokenSchema, visitBookingSchema, visitMoveSchema, type VisitBookingRequest } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { found } from '../http/api-errors.js';
import { SchemaBody } from '../http/schema-body.js';
import { VisitsService } from './visits.service.js';

/** Staff manage a good's slots from its page, and read a day's visits from the visits' page. */
const GOOD_PAGE = '/admin/liste-des-biens/[id]';
const VISITS_PAGE = '/admin/visites';


/**
 * Visits booked online (docs/visits.md): the slots and booking of a good's public page, the booking's own link (an
 * unusable link, a past slot or a good visitors may not see answer 404, like a missing page), and staff's slots.
 */
@Controller()
export class VisitsController {
  constructor(private readonly visits: VisitsService) {}

  @Public()
  @Post('front/visits/slots')
  @HttpCode(200)
  async slots(@SchemaBody(visitSlotsOfGoodSchema) { good_id }: { good_id: number }) {
    return { data: found(await this.visits.publicSlots(good_id)) };
  }

  @Public()
  @Post('front/visits/book')
  @HttpCode(201)
  async book(@SchemaBody(visitBookingSchema) request: VisitBookingRequest, @Req() http: Request) {
    return found(await this.visits.book(request, http.ip, http.user as SessionUser | undefined));
  }

  @Public()
  @Post('front/visits/details')
  @HttpCode(200)
  async details(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return { booking: found(await this.visits.details(token)) };
  }

  @Public()
  @Post('front/visits/cancel')
  @HttpCode(200)
  async cancel(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return { booking: found(await this.visits.cancel(token)) };
  }

  @Public()
  @Post('front/visits/move')
  @HttpCode(200)
  async move(@SchemaBody(visitMoveSchema) { token, slot_id }: { token: string; slot_id: number }) {
    return { booking: found(await this.visits.move(token, slot_id)) };
  }

  @ForPage(GOOD_PAGE)
  @Post('visits/slots/list')
  @HttpCode(200)
  async slotsOfGood(@SchemaBody(visitSlotsOfGoodSchema) { good_id }: { good_id: number }) {
    return { data: found(await this.visits.slotsOfGood(good_id)) };
  }

  @ForPage(GOOD_PAGE)
  @Post('visits/slots/create')
  @HttpCode(201)
  async createSlot(@SchemaBody(visitSlotSchema) request: VisitSlotRequest) {
    return { slot: found(await this.visits.createSlot(request)) };
  }

  @ForPage(GOOD_PAGE)
  @Post('visits/slots/remove')
  @HttpCode(200)
  async removeSlot(@SchemaBody(visitSlotIdSchema) { id }: { id: number }, @Actor() actor: SessionUser) {
    found(await this.visits.removeSlot(id, actor));
    return {};
  }

  @ForPage(VISITS_PAGE)
  @Post('visits/day')
  @HttpCode(200)
  async day(@SchemaBody(visitDaySchema) { day }: { day: string }) {
    return { data: await this.visits.day(day) };
  }
}

