import { Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { idRequestSchema, type IdRequest, type RecordAccountView } from '@hsa-lli/common/back-office';
import { Consults } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError } from '../http/api-errors.js';
import { SchemaBody } from '../http/schema-body.js';
import { STAFF_RECORD } from '../records/record-pages.js';
import { RecordsService } from '../records/records.service.js';
import { UsersService } from './users.service.js';

/** From a file's page, staff send its applicant a new invitation (the users' page is for administrators only). */
@Controller('records')
export class RecordInvitationController {
  constructor(
    private readonly records: RecordsService,
    private readonly users: UsersService,
  ) {}

  @ForPage(STAFF_RECORD)
  @Consults('invitation_resend', { record: 'body.id' })
  @Post('resend-invitation')
  @HttpCode(200)
  async resend(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser): Promise<{ account: RecordAccountView }> {
    const record = await this.records.findOne(id);
    if (!record) throw new NotFoundException();
    if (!record.user) throw new ConflictError('Ce dossier n’a pas de compte client à inviter.');
    const { user } = await this.users.resendInvitation(record.user.id, actor);
    return { account: { id: user.id, email: user.email, state: user.state } };
  }
}
