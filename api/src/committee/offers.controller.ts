import { Controller, HttpCode, Post } from '@nestjs/common';
import { offerAnswerSchema, type MyOffersAnswer, type OfferAnswerRequest } from '@hsa-lli/common/domain';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { MY_DOCUMENTS } from '../records/record-pages.js';
import { OffersService } from './offers.service.js';

/** The offers the committee's decisions made to the caller's file: read and answered by their owner only. */
@Controller('records/offers')
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  @ForPage(MY_DOCUMENTS)
  @Post('mine')
  @HttpCode(200)
  mine(@Actor() actor: SessionUser): Promise<MyOffersAnswer> {
    return this.offers.mine(actor.id);
  }

  @ForPage(MY_DOCUMENTS)
  @Post('answer')
  @HttpCode(200)
  answer(@SchemaBody(offerAnswerSchema) request: OfferAnswerRequest, @Actor() actor: SessionUser): Promise<MyOffersAnswer> {
    return this.offers.answer(request, actor);
  }
}
