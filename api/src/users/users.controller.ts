import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { emailProblem, type MeAnswer } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { FieldsError } from '../common/api-errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { TokensService } from '../tokens/tokens.service.js';
import { User } from './entities/user.entity.js';
import { InviteDto, WithdrawInvitationDto } from './invite.dto.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly usersService: UsersService,
  ) {}

  /** The logged-in user's own account, for /mes-identifiants (open to every role, never to a visitor). */
  @ForPage('/mes-identifiants')
  @Post('get-me')
  @HttpCode(200)
  async getMe(@Req() request: Request): Promise<MeAnswer> {
    return { user: await this.usersService.me((request.user as SessionUser).id) };
  }

  /** Sends an invitation: the person chooses a password through the link and gets the role. */
  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('invite')
  @HttpCode(201)
  async invite(@Body() dto: InviteDto) {
    const email = dto.email.trim().toLowerCase();
    const fields: Record<string, string> = {};
    const emailError = emailProblem(email);
    if (emailError) fields.email = emailError;
    else if (await this.users.existsBy({ email })) fields.email = 'Un compte existe déjà avec cette adresse e-mail.';
    if (!dto.first_name.trim()) fields.first_name = 'Veuillez saisir le prénom.';
    if (!dto.last_name.trim()) fields.last_name = 'Veuillez saisir le nom.';
    if (Object.keys(fields).length > 0) throw new FieldsError(fields);
    const token = await this.tokens.issue('registration', { email, firstName: dto.first_name.trim(), lastName: dto.last_name.trim(), role: dto.role });
    await this.mail.send({
      to: email,
      subject: 'Votre accès à HSA Logement intermédiaire',
      paragraphs: [
        `Bonjour ${dto.first_name.trim()},`,
        'Un compte vous attend sur la plateforme HSA Logement intermédiaire. Choisissez votre mot de passe avec le lien ci-dessous, valable sept jours.',
      ],
      action: { label: 'Créer mon compte', url: `${this.config.publicUrl}/creation-de-compte/${token}` },
    });
    return { email };
  }

  /** Withdraws the invitations waiting at an address: their links no longer open anything. */
  @ForPage('/admin/liste-des-utilisateurs/nouvel-utilisateur')
  @Post('withdraw-invitation')
  @HttpCode(200)
  async withdrawInvitation(@Body() dto: WithdrawInvitationDto) {
    const email = dto.email.trim().toLowerCase();
    return { email, withdrawn: await this.tokens.withdrawPending('registration', email) };
  }
}
