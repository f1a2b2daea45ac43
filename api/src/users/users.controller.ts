import { Controller, HttpCode, Post } from '@nestjs/common';
import { idRequestSchema, userListSchema, userUpdateSchema, type IdRequest, type UserUpdateRequest } from '@hsa-lli/common/back-office';
import { invitationSchema, type InvitationRequest, type MeAnswer } from '@hsa-lli/common/domain';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { withdrawInvitationSchema } from './dto/invite.dto.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The logged-in user's own account, for /mes-identifiants (open to every role, never to a visitor). */
  @ForPage('/mes-identifiants')
  @Post('get-me')
  @HttpCode(200)
  async getMe(@Actor() actor: SessionUser): Promise<MeAnswer> {
    return { user: await this.users.me(actor.id) };
  }

  @ForPage('/admin/liste-des-utilisateurs')
  @Post('list')
  @HttpCode(200)
  list(@SchemaBody(userListSchema) request: z.output<typeof userListSchema>) {
    return this.users.list(request);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.users.getOne(id);
  }

  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('create')
  @HttpCode(201)
  create(@SchemaBody(invitationSchema) invitation: InvitationRequest, @Actor() actor: SessionUser) {
    return this.users.create(invitation, actor);
  }

  /** The earlier call of the invitation form: the same creation, answering the address only. */
  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('invite')
  @HttpCode(201)
  async invite(@SchemaBody(invitationSchema) invitation: InvitationRequest, @Actor() actor: SessionUser): Promise<{ email: string }> {
    const { user } = await this.users.create(invitation, actor);
    return { email: user.email };
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('update')
  @HttpCode(200)
  update(@SchemaBody(userUpdateSchema) fields: UserUpdateRequest, @Actor() actor: SessionUser) {
    return this.users.update(fields, actor);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('deactivate')
  @HttpCode(200)
  deactivate(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.users.deactivate(id, actor);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('reactivate')
  @HttpCode(200)
  reactivate(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.users.reactivate(id, actor);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('resend-invitation')
  @HttpCode(200)
  resendInvitation(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.users.resendInvitation(id, actor);
  }

  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('withdraw-invitation')
  @HttpCode(200)
  withdrawInvitation(@SchemaBody(withdrawInvitationSchema) { email }: { email: string }, @Actor() actor: SessionUser) {
    return this.users.withdrawInvitation(email, actor);
  }

  @ForPage('/admin/liste-des-utilisateurs/[id]')
  @Post('delete')
  @HttpCode(200)
  delete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.users.delete(id, actor);
  }
}
