import { Controller, HttpCode, Post } from '@nestjs/common';
import { recordListSchema } from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../common/schema-body.js';
import { RecordsListService } from './records-list.service.js';

/** Staff's calls on the application files as a whole. */
@Controller()
export class RecordsAdminController {
  constructor(private readonly records: RecordsListService) {}

  @ForPage('/admin/liste-des-dossiers')
  @Post('records/list')
  @HttpCode(200)
  list(@SchemaBody(recordListSchema) request: z.output<typeof recordListSchema>, @Actor() caller: SessionUser) {
    return this.records.list(request, caller);
  }
}
