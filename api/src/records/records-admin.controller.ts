import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { recordExportSchema, recordListSchema } from '@hsa-lli/common/back-office';
import type { Response } from 'express';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { sendFileOrJob } from '../http/file-answers.js';
import { SchemaBody } from '../http/schema-body.js';
import { RECORDS_LIST as LIST } from './record-pages.js';
import { RecordsExportService } from './records-export.service.js';
import { RecordsListService } from './records-list.service.js';


/** Staff's calls on the application files as a whole. */
@Controller()
export class RecordsAdminController {
  constructor(
    private readonly records: RecordsListService,
    private readonly exports: RecordsExportService,
  ) {}

  @ForPage(LIST)
  @Post('records/list')
  @HttpCode(200)
  list(@SchemaBody(recordListSchema) request: z.output<typeof recordListSchema>, @Actor() caller: SessionUser) {
    return this.records.list(request, caller);
  }

  /** Queues the export of the whole filtered list; the answer names the job to follow. */
  @ForPage(LIST)
  @Post('records/export')
  @HttpCode(202)
  async export(@SchemaBody(recordExportSchema) request: z.output<typeof recordExportSchema>, @Actor() caller: SessionUser) {
    const { id } = await this.exports.start(request, caller);
    return { job: { id } };
  }

  /** 202 with the job while it runs, then the file, to the staff member who asked for it only. */
  @ForPage(LIST)
  @Get('records/export/:job')
  async download(@Param('job') id: string, @Actor() caller: SessionUser, @Res() response: Response): Promise<void> {
    sendFileOrJob(response, await this.exports.file(id, caller), { disposition: 'attachment', plainName: true });
  }
}
