import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { idRequestSchema, TEXT_ID, type IdRequest, type StaffRecordAnswer } from '@hsa-lli/common/back-office';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  myRecordUpdateSchema,
  sharedLinkSchema,
  uploadLinkCreateSchema,
  type MyRecordAnswer,
  type MyRecordUpdate,
  type RecordDocumentView,
  type SharedDocumentView,
} from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import type { z } from 'zod/mini';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { FieldsError } from '../common/api-errors.js';
import { sendFile } from '../common/file-answers.js';
import { SchemaBody } from '../common/schema-body.js';
import { UploadErrorsInterceptor } from '../common/upload-errors.interceptor.js';
import { AuditService } from '../audit/audit.service.js';
import { Consulted, Consults, type ConsultedFile } from '../audit/consultations.js';
import {
  ownerUploadSchema,
  recordIdSchema,
  reviewSchema,
  sharedUploadSchema,
  staffUploadLinkCreateSchema,
  staffUploadLinkWithdrawSchema,
  type OwnerUploadRequest,
  type ReviewRequest,
} from './dto/records.dto.js';
import { MY_DOCUMENTS, MY_INFORMATION, STAFF_RECORD } from './record-pages.js';
import { RecordDocumentsService, type IncomingFile } from './record-documents.service.js';
import { staffRecordView } from './record-view.js';
import { RecordsService } from './records.service.js';
import { UploadLinksService } from './upload-links.service.js';


const ONE_FILE = 'Envoyez un seul fichier à la fois, sous le champ « file ».';

/**
 * One file per upload, under `file`, at most 10 Mo, with a few text fields; multer's refusals said in French, and the
 * file removed when the request fails before the document service has taken it.
 */
const ONE_DOCUMENT = [
  new UploadErrorsInterceptor({
    field: 'file',
    error: 'Ce fichier n’a pas été accepté.',
    messages: {
      LIMIT_FILE_SIZE: DOCUMENT_TOO_LARGE,
      LIMIT_UNEXPECTED_FILE: ONE_FILE,
      LIMIT_FILE_COUNT: ONE_FILE,
      LIMIT_FIELD_COUNT: 'La demande contient trop de champs : envoyez le type de pièce et le fichier seulement.',
      LIMIT_FIELD_VALUE: 'Un champ de la demande est trop long.',
      LIMIT_FIELD_KEY: 'Un champ de la demande a un nom trop long.',
      LIMIT_PART_COUNT: 'La demande contient trop de parties : envoyez le type de pièce et le fichier seulement.',
    },
  }),
  FileInterceptor('file', { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } }),
];

function uploaded(file: IncomingFile | undefined): IncomingFile {
  if (!file) throw new FieldsError({ file: 'Choisissez un fichier à envoyer.' }, 'Aucun fichier n’a été reçu.');
  return file;
}

@Controller('records')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly documents: RecordDocumentsService,
    private readonly links: UploadLinksService,
    private readonly audit: AuditService,
  ) {}

  @ForPage(MY_INFORMATION, MY_DOCUMENTS)
  @Post('get-mine')
  @HttpCode(200)
  async getMine(@Actor() actor: SessionUser): Promise<MyRecordAnswer> {
    return { my_record: await this.records.mine(actor.id) };
  }

  @ForPage(MY_INFORMATION)
  @Post('update-mine')
  @HttpCode(200)
  async updateMine(@SchemaBody(myRecordUpdateSchema) update: MyRecordUpdate, @Actor() actor: SessionUser): Promise<MyRecordAnswer> {
    return { my_record: await this.records.updateMine(actor.id, update) };
  }

  /** A file as staff see it, with its consultations (this one included). */
  @ForPage(STAFF_RECORD)
  @Consults('record_view', { record: 'body.id' })
  @Post('get-one')
  @HttpCode(200)
  async getOne(@SchemaBody(idRequestSchema) { id }: IdRequest): Promise<StaffRecordAnswer> {
    const record = await this.records.findOne(id);
    if (!record) throw new NotFoundException();
    return { record: staffRecordView(record, await this.audit.consultations(id)) };
  }

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
    const id = Number(raw);
    // For the browser to show and never to guess at or keep.
    const file = consulted ? await this.documents.fileForStaff(id) : await this.documents.fileForOwner(actor.id, id);
    sendFile(response, file, { disposition: 'inline', untrusted: true });
  }

  @ForPage(STAFF_RECORD)
  @Consults('documents_review', { record: 'body.record_id' })
  @Post('documents/review')
  @HttpCode(200)
  review(@SchemaBody(reviewSchema) review: ReviewRequest, @Actor() actor: SessionUser) {
    return this.documents.review(review, actor);
  }

  // Shared upload links, by the file's owner…

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/list')
  @HttpCode(200)
  async listMyLinks(@Actor() actor: SessionUser) {
    return this.links.list((await this.records.findMine(actor.id)).id);
  }

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/create')
  @HttpCode(201)
  async createMyLink(@SchemaBody(uploadLinkCreateSchema) { email }: z.output<typeof uploadLinkCreateSchema>, @Actor() actor: SessionUser) {
    return this.links.create(await this.records.findMine(actor.id), actor, email);
  }

  @ForPage(MY_DOCUMENTS)
  @Post('upload-links/withdraw')
  @HttpCode(200)
  async withdrawMyLink(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.links.withdraw((await this.records.findMine(actor.id)).id, id);
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
  async createLink(@SchemaBody(staffUploadLinkCreateSchema) { record_id, email }: z.output<typeof staffUploadLinkCreateSchema>, @Actor() actor: SessionUser) {
    const record = await this.records.findOne(record_id);
    if (!record) throw new NotFoundException();
    return this.links.create(record, actor, email);
  }

  @ForPage(STAFF_RECORD)
  @Consults('upload_link_withdraw', { record: 'body.record_id' })
  @Post('upload-links/withdraw-for-record')
  @HttpCode(200)
  withdrawLink(@SchemaBody(staffUploadLinkWithdrawSchema) { record_id, id }: z.output<typeof staffUploadLinkWithdrawSchema>) {
    return this.links.withdraw(record_id, id);
  }

  // The shared link's own calls: its token instead of a session.

  @Public()
  @Post('shared/check')
  @HttpCode(200)
  async sharedCheck(@SchemaBody(sharedLinkSchema) { record_id, token }: z.output<typeof sharedLinkSchema>, @Req() request: Request) {
    await this.links.countVisit(request);
    return this.links.infos(record_id, token);
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
    await this.links.countVisit(request);
    const { record } = await this.links.resolve(record_id, token);
    return { document: await this.documents.uploadShared(record, type, uploaded(file)) };
  }
}
