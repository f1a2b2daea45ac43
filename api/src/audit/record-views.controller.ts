import { Controller, HttpCode, Post } from '@nestjs/common';
import { idRequestSchema, recordViewsAllowanceSchema, type IdRequest } from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { AuditService } from './audit.service.js';

/** The page of a user, where administrators read and raise a staff member's daily number of files. */
const USER_PAGE = '/admin/liste-des-utilisateurs/[id]';

/** The daily number of files a staff member may consult (ConsultationInterceptor counts them), for administrators. */
@Controller('records')
export class RecordViewsController {
  constructor(private readonly audit: AuditService) {}

  /** How many files a staff member consulted in the last 24 hours, and may. */
  @ForPage(USER_PAGE)
  @Post('record-views')
  @HttpCode(200)
  recordViews(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.audit.consultedToday(id);
  }

  @ForPage(USER_PAGE)
  @Post('record-views/allow')
  @HttpCode(200)
  allowRecordViews(@SchemaBody(recordViewsAllowanceSchema) { id, extra }: z.output<typeof recordViewsAllowanceSchema>, @Actor() actor: SessionUser) {
    return this.audit.allowMore(id, extra, actor);
  }
}
