import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  eventCreateSchema,
  eventOutcomeSchema,
  followerSchema,
  idRequestSchema,
  noteCreateSchema,
  recordGoodOptionsSchema,
  stageMoveSchema,
  type EventCreateRequest,
  type EventOutcomeRequest,
  type IdRequest,
  type StageMoveRequest,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Consults, ConsultsNoFile } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { FollowUpService } from './follow-up.service.js';
import { STAFF_RECORD } from '../records/record-pages.js';


/**
 * A file's follow-up by staff: stage, events, notes, follower, each call a consultation of the file (refused, like the
 * file itself, to a staff member at their daily limit; that limit is api/src/audit/record-views.controller.ts).
 */
@Controller('records')
export class FollowUpController {
  constructor(private readonly followUp: FollowUpService) {}

  @ForPage(STAFF_RECORD)
  @Consults('record_view', { record: 'body.id' })
  @Post('follow-up')
  @HttpCode(200)
  view(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.followUp.view(id);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { record: 'body.id' })
  @Post('stage')
  @HttpCode(200)
  move(@SchemaBody(stageMoveSchema) request: StageMoveRequest, @Actor() actor: SessionUser) {
    return this.followUp.move(request, actor);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { record: 'body.record_id' })
  @Post('events/create')
  @HttpCode(201)
  addEvent(@SchemaBody(eventCreateSchema) request: EventCreateRequest, @Actor() actor: SessionUser) {
    return this.followUp.addEvent(request, actor);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { event: 'body.id' })
  @Post('events/outcome')
  @HttpCode(200)
  setOutcome(@SchemaBody(eventOutcomeSchema) request: EventOutcomeRequest) {
    return this.followUp.setOutcome(request);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { event: 'body.id' })
  @Post('events/delete')
  @HttpCode(200)
  deleteEvent(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.followUp.deleteEvent(id, actor);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { record: 'body.record_id' })
  @Post('notes/create')
  @HttpCode(201)
  addNote(@SchemaBody(noteCreateSchema) { record_id, body }: z.output<typeof noteCreateSchema>, @Actor() actor: SessionUser) {
    return this.followUp.addNote(record_id, body, actor);
  }

  @ForPage(STAFF_RECORD)
  @ConsultsNoFile()
  @Post('followers')
  @HttpCode(200)
  followers() {
    return this.followUp.followers();
  }

  @ForPage(STAFF_RECORD)
  @ConsultsNoFile()
  @Post('good-options')
  @HttpCode(200)
  goodOptions(@SchemaBody(recordGoodOptionsSchema) { residence }: z.output<typeof recordGoodOptionsSchema>) {
    return this.followUp.goodOptions(residence);
  }

  @ForPage(STAFF_RECORD)
  @Consults('follow_up_change', { record: 'body.id' })
  @Post('set-follower')
  @HttpCode(200)
  setFollower(@SchemaBody(followerSchema) { id, user_id }: z.output<typeof followerSchema>, @Actor() actor: SessionUser) {
    return this.followUp.setFollower(id, user_id, actor);
  }
}
