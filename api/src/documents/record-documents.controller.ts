import { Controller, Get, HttpCode, NotFoundException, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { idRequestSchema, TEXT_ID, type IdRequest } from '@hsa-lli/common/back-office';
import type { RecordDocumentView } from '@hsa-lli/common/domain';
import type { Response } from 'express';
import { Consulted, Consults, type ConsultedFile } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { sendFile } from '../http/file-answers.js';
import { SchemaBody } from '../http/schema-body.js';
import { MY_DOCUMENTS, STAFF_RECORD } from '../records/record-pages.js';
import { ownerUploadSchema, reviewSchema, type OwnerUploadRequest, type ReviewRequest } from './dto/documents.dto.js';
import { ONE_DOCUMENT, uploaded } from './one-document.js';
import { RecordDocumentsService, type IncomingFile } from './record-documents.service.js';

/** The documents of a file: added and removed by its owner, read by its owner and by staff, reviewed by staff. */
@Controller('records')
export class RecordDocumentsController {
  constructor(private readonly documents: RecordDocumentsService) {}

  @ForPage(MY_DOCUMENTS)
  @Post('documents/upload')
  @HttpCode(201)
  @UseInterceptors(...ONE_DOCUMENT)
  async upload(
    @SchemaBody(ownerUploadSchema) { type, replaces }: OwnerUploadRequest,
    @UploadedFile() file: IncomingFile | undefined,
    @Actor() actor: SessionUser,
  ): Promise<{ document: RecordDocumentView }> {
    return { document: await this.documents.uploadAsOwner(actor.id, type, uploaded(file), replaces) };
  }

  @ForPage(MY_DOCUMENTS)
  @Post('documents/delete')
  @HttpCode(200)
  delete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser): Promise<{ id: number }> {
    return this.documents.deleteAsOwner(actor.id, id);
  }

  /**
   * The original to its owner (a staff member may be an applicant too); any other document, to staff, as a
   * watermarked copy, each read a consultation.
   */
  @ForPage(MY_DOCUMENTS, STAFF_RECORD)
  @Consults('document_read', { document: 'params.id', exceptOwner: true })
  @Get('documents/:id/file')
  async file(@Param('id') raw: string, @Actor() actor: SessionUser, @Consulted() consulted: ConsultedFile | null, @Res() response: Response): Promise<void> {
    if (!TEXT_ID.test(raw)) throw new NotFoundException();
    const file = await this.documents.fileFor(actor, Number(raw), consulted !== null);
    // For the browser to show and never to guess at or keep.
    sendFile(response, file, { disposition: 'inline', untrusted: true });
  }

  @ForPage(STAFF_RECORD)
  @Consults('documents_review', { record: 'body.record_id' })
  @Post('documents/review')
  @HttpCode(200)
  review(@SchemaBody(reviewSchema) review: ReviewRequest, @Actor() actor: SessionUser) {
    return this.documents.review(review, actor);
  }
}
