import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { invitationSchema, type InvitationRequest, type MeAnswer } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../common/schema-body.js';
import { withdrawInvitationSchema } from './dto/invite.dto.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The logged-in user's own account, for /mes-identifiants (open to every role, never to a visitor). */
  @ForPage('/mes-identifiants')
  @Post('get-me')
  @HttpCode(200)
  async getMe(@Req() request: Request): Promise<MeAnswer> {
    return { user: await this.users.me((request.user as SessionUser).id) };
  }

  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('invite')
  @HttpCode(201)
  invite(@SchemaBody(invitationSchema) invitation: InvitationRequest) {
    return this.users.invite(invitation);
  }

  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('withdraw-invitation')
  @HttpCode(200)
  withdrawInvitation(@SchemaBody(withdrawInvitationSchema) { email }: { email: string }) {
    return this.users.withdrawInvitation(email);
  }
}
