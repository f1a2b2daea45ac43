import { Controller, HttpCode, Post } from '@nestjs/common';
import { idRequestSchema, type IdRequest } from '@hsa-lli/common/back-office';
import { uploadLinkCreateSchema } from '@hsa-lli/common/domain';
import type { z } from 'zod/mini';
import { Consults } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { MY_DOCUMENTS, STAFF_RECORD } from '../records/record-pages.js';
import { recordIdSchema, staffUploadLinkCreateSchema, staffUploadLinkWithdrawSchema } from './dto/documents.dto.js';
import { UploadLinksService } from './upload-links.service.js';

/** Shared upload links of a file, listed, created and withdrawn by its owner or by staff. */
@Controller('records')
export class UploadLinksController {
  constructor(private readonly links: UploadLinksService) {}

  // By the file's owner…

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/list')
  @HttpCode(200)
  listMyLinks(@Actor() actor: SessionUser) {
    return this.links.listMine(actor.id);
  }

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/create')
  @HttpCode(201)
  createMyLink(@SchemaBody(uploadLinkCreateSchema) { email }: z.output<typeof uploadLinkCreateSchema>, @Actor() actor: SessionUser) {
    return this.links.createMine(actor, email);
  }

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/withdraw')
  @HttpCode(200)
  withdrawMyLink(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.links.withdrawMine(actor.id, id);
  }

  // …and by staff, for any file.

  @ForPage(STAFF_RECORD)
  @Consults('record_view', { record: 'body.record_id' })
  @Post('upload-links/list-for-record')
  @HttpCode(200)
  listLinks(@SchemaBody(recordIdSchema) { record_id }: z.output<typeof recordIdSchema>) {
    return this.links.list(record_id);
  }

  @ForPage(STAFF_RECORD)
  @Consults('upload_link_create', { record: 'body.record_id' })
  @Post('upload-links/create-for-record')
  @HttpCode(201)
  createLink(@SchemaBody(staffUploadLinkCreateSchema) { record_id, email }: z.output<typeof staffUploadLinkCreateSchema>, @Actor() actor: SessionUser) {
    return this.links.createForRecord(record_id, actor, email);
  }

  @ForPage(STAFF_RECORD)
  @Consults('upload_link_withdraw', { record: 'body.record_id' })
  @Post('upload-links/withdraw-for-record')
  @HttpCode(200)
  withdrawLink(@SchemaBody(staffUploadLinkWithdrawSchema) { record_id, id }: z.output<typeof staffUploadLinkWithdrawSchema>) {
    return this.links.withdraw(record_id, id);
  }
}
