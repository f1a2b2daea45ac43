import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  eventCreateSchema,
  followerSchema,
  idRequestSchema,
  noteCreateSchema,
  recordGoodOptionsSchema,
  recordViewsAllowanceSchema,
  stageMoveSchema,
  type EventCreateRequest,
  type IdRequest,
  type StageMoveRequest,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { AuditService } from '../audit/audit.service.js';
import { Consults, ConsultsNoFile } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { FollowUpService } from './follow-up.service.js';
import { STAFF_RECORD } from '../records/record-pages.js';


/**
 * A file's follow-up by staff: stage, events, notes, follower, each call a consultation of the file (refused, like the
 * file itself, to a staff member at their daily limit); and that limit, for administrators.
 */
@Controller('records')
export class FollowUpController {
  constructor(
    private readonly followUp: FollowUpService,
    private readonly audit: AuditService,
  ) {}

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

  /** How many files a staff member consulted in the last 24 hours, and may: for administrators. */
  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('record-views')
  @HttpCode(200)
  recordViews(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.audit.consultedToday(id);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('record-views/allow')
  @HttpCode(200)
  allowRecordViews(@SchemaBody(recordViewsAllowanceSchema) { id, extra }: z.output<typeof recordViewsAllowanceSchema>, @Actor() actor: SessionUser) {
    return this.audit.allowMore(id, extra, actor);
  }
}
