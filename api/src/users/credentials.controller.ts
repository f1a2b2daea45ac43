import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  emailChangeSchema,
  linkTokenSchema,
  passwordChangeSchema,
  type EmailChangeRequest,
  type PasswordChangeRequest,
} from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { CredentialsService } from './credentials.service.js';
import { sessionIdSchema } from './dto/session.dto.js';

/** The logged-in user's own address, password and sessions (/mes-identifiants). */
@Controller('users')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @ForPage('/mes-identifiants')
  @Post('change-email')
  @HttpCode(200)
  changeEmail(@SchemaBody(emailChangeSchema) change: EmailChangeRequest, @Actor() actor: SessionUser) {
    return this.credentials.requestEmailChange(actor.id, change);
  }

  /** The e-mailed link may be opened logged out, or in another browser: the link is its own proof. */
  @Public()
  @Post('confirm-email')
  @HttpCode(200)
  confirmEmail(@SchemaBody(linkTokenSchema) { token }: { token: string }) {
    return this.credentials.confirmEmailChange(token);
  }

  @ForPage('/mes-identifiants')
  @Post('change-password')
  @HttpCode(200)
  changePassword(@SchemaBody(passwordChangeSchema) change: PasswordChangeRequest, @Actor() actor: SessionUser, @Req() request: Request) {
    return this.credentials.changePassword(actor.id, request.sessionID, change);
  }

  @ForPage('/mes-identifiants')
  @Post('sessions')
  @HttpCode(200)
  sessions(@Actor() actor: SessionUser, @Req() request: Request) {
    return this.credentials.listSessions(actor.id, request.sessionID);
  }

  @ForPage('/mes-identifiants')
  @Post('sessions/end-others')
  @HttpCode(200)
  endOtherSessions(@Actor() actor: SessionUser, @Req() request: Request) {
    return this.credentials.endOtherSessions(actor.id, request.sessionID);
  }

  @ForPage('/mes-identifiants')
  @Post('sessions/end')
  @HttpCode(200)
  endSession(@SchemaBody(sessionIdSchema) { id }: { id: string }, @Actor() actor: SessionUser, @Req() request: Request) {
    return this.credentials.endSession(actor.id, request.sessionID, id);
  }
}
