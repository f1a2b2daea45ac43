import { Controller, HttpCode, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { sharedLinkSchema, type SharedDocumentView } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import type { z } from 'zod/mini';
import { Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../http/schema-body.js';
import { sharedUploadSchema } from './dto/documents.dto.js';
import { ONE_DOCUMENT, uploaded } from './one-document.js';
import { RecordDocumentsService, type IncomingFile } from './record-documents.service.js';
import { UploadLinksService } from './upload-links.service.js';

/** A shared upload link's own calls: its token instead of a session, each call counted by address. */
@Controller('records')
export class SharedUploadsController {
  constructor(
    private readonly documents: RecordDocumentsService,
    private readonly links: UploadLinksService,
  ) {}

  @Public()
  @Post('shared/check')
  @HttpCode(200)
  sharedCheck(@SchemaBody(sharedLinkSchema) { record_id, token }: z.output<typeof sharedLinkSchema>, @Req() request: Request) {
    return this.links.infos(request, record_id, token);
  }

  @Public()
  @Post('shared/upload')
  @HttpCode(201)
  @UseInterceptors(...ONE_DOCUMENT)
  async sharedUpload(
    @SchemaBody(sharedUploadSchema) { record_id, token, type }: z.output<typeof sharedUploadSchema>,
    @UploadedFile() file: IncomingFile | undefined,
    @Req() request: Request,
  ): Promise<{ document: SharedDocumentView }> {
    return { document: await this.documents.uploadThroughLink(request, record_id, token, type, uploaded(file)) };
  }
}
