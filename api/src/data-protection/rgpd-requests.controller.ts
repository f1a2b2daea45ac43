import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { idRequestSchema, rgpdEraseSchema, type IdRequest, type RgpdEraseRequest } from '@hsa-lli/common/back-office';
import { stageLabel, type EraseMeAnswer, type RgpdSubjectAnswer } from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service.js';
import { HistoryService } from '../history/history.service.js';
import type { DataSource } from 'typeorm';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { ConflictError } from '../http/api-errors.js';
import { sendFileOrJob } from '../http/file-answers.js';
import { SchemaBody } from '../http/schema-body.js';
import { Record } from '../records/entities/record.entity.js';
import { User } from '../users/entities/user.entity.js';
import { fullName } from '../users/account-names.js';
import { DataSubjectService } from './data-subject.service.js';

/** The page of a contact request, where staff answer a request to exercise one's rights. */
const PAGE = '/admin/demandes-de-contact/[id]';

const NOT_RGPD = 'Cette demande ne porte pas sur les données personnelles : seule une demande « Exercer mes droits sur mes données personnelles » s’y prête.';
const NO_ACCOUNT = 'Aucun compte de demandeur ne correspond à l’adresse de cette demande : répondez-lui par e-mail.';

/**
 * Staff answering an rgpd contact request with the person's own tools: the export of their data, to send them, and
 * the erasure of their account and file. The person is the customer account with the request's address, or the
 * owner of the file the request became; staff check their identity first (the notice says how).
 */
@Controller('contact-forms/rgpd')
export class RgpdRequestsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subjects: DataSubjectService,
    private readonly audit: AuditService,
    private readonly history: HistoryService,
  ) {}

  @ForPage(PAGE)
  @Post('subject')
  @HttpCode(200)
  async subject(@SchemaBody(idRequestSchema) { id }: IdRequest): Promise<RgpdSubjectAnswer> {
    const account = await this.accountOf(id);
    if (!account) return { subject: null };
    const record = await this.dataSource.manager.findOne(Record, { where: { user: { id: account.id } } });
    return {
      subject: {
        account_id: account.id,
        name: fullName(account),
        email: account.email,
        record: record && { id: record.id, reference: record.reference, stage_label: stageLabel(record.stage) },
      },
    };
  }

  @ForPage(PAGE)
  @Post('export')
  @HttpCode(202)
  async export(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser, @Req() request: Request) {
    const account = await this.requiredAccountOf(id);
    // A read of the whole file, documents included: in its audit trail, and within the staff member's daily number.
    const record = await this.dataSource.manager.findOne(Record, { where: { user: { id: account.id } } });
    if (record) await this.audit.read('data_export', { recordId: record.id }, actor, request);
    const { id: job } = await this.subjects.startExport(actor, account.id);
    await this.history.record({ subject: 'contact_form', subjectId: id, actor, action: 'Export des données du demandeur préparé' });
    return { job: { id: job } };
  }

  /** 202 while it is made, then the ZIP, to the staff member who asked only. */
  @ForPage(PAGE)
  @Get('export/:job')
  async download(@Param('job') job: string, @Actor() actor: SessionUser, @Res() response: Response): Promise<void> {
    sendFileOrJob(response, await this.subjects.exportFile(job, actor), { disposition: 'attachment', plainName: true });
  }

  @ForPage(PAGE)
  @Post('erase')
  @HttpCode(200)
  async erase(@SchemaBody(rgpdEraseSchema) { id, identity }: RgpdEraseRequest, @Actor() actor: SessionUser): Promise<EraseMeAnswer> {
    const answer = await this.subjects.erase((await this.requiredAccountOf(id)).id, actor);
    await this.history.record({ subject: 'contact_form', subjectId: id, actor, action: 'Compte et dossier du demandeur effacés', changes: [{ field: 'identity', before: null, after: identity }] });
    return answer;
  }

  private async accountOf(contactId: number): Promise<User | null> {
    const form = await this.dataSource.manager.findOne(ContactForm, { where: { id: contactId }, relations: { record: { user: true } } });
    if (!form) throw new NotFoundException();
    if (form.subject !== 'rgpd') throw new ConflictError(NOT_RGPD);
    const byAddress = form.email ? await this.dataSource.manager.findOneBy(User, { email: form.email }) : null;
    const account = byAddress?.roles.includes('customer') ? byAddress : (form.record?.user ?? null);
    return account?.roles.includes('customer') ? account : null;
  }

  private async requiredAccountOf(contactId: number): Promise<User> {
    const account = await this.accountOf(contactId);
    if (!account) throw new ConflictError(NO_ACCOUNT);
    return account;
  }
}
