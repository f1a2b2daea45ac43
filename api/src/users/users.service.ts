import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { InvitationRequest, MeAnswer, Role } from '@hsa-lli/common/domain';
import type { EntityManager, Repository } from 'typeorm';
import { FieldsError } from '../common/api-errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { TokensService } from '../tokens/tokens.service.js';
import { User } from './entities/user.entity.js';

/** The accounts: other features (authentication, sessions) read and change them through this service. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
  ) {}

  /** The account of the session's user, as its owner sees it on /mes-identifiants. */
  async me(id: number): Promise<MeAnswer['user']> {
    const user = await this.findActive(id);
    if (!user) throw new NotFoundException();
    return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
  }

  findActive(id: number): Promise<User | null> {
    return this.users.findOneBy({ id, active: true });
  }

  /** The account of an address, active or not. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  exists(email: string): Promise<boolean> {
    return this.users.existsBy({ email });
  }

  /** Creates an account in the caller's transaction. */
  create(manager: EntityManager, fields: { email: string; passwordHash: string; role: Role; firstName: string; lastName: string }): Promise<User> {
    const { role, ...rest } = fields;
    return manager.save(manager.create(User, { ...rest, roles: [role], phone: null, active: true }));
  }

  async setPassword(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.update(User, { id }, { passwordHash });
  }

  /**
   * Sends an invitation, checked by invitationSchema (trimmed, the address lower-cased): the person chooses a password
   * through the link and gets the role.
   */
  async invite({ email, first_name: firstName, last_name: lastName, role }: InvitationRequest): Promise<{ email: string }> {
    if (await this.exists(email)) throw new FieldsError({ email: 'Un compte existe déjà avec cette adresse e-mail.' });
    const token = await this.tokens.issue('registration', { email, firstName, lastName, role });
    await this.mail.send({
      to: email,
      subject: 'Votre accès à HSA Logement intermédiaire',
      paragraphs: [
        `Bonjour ${firstName},`,
        'Un compte vous attend sur la plateforme HSA Logement intermédiaire. Choisissez votre mot de passe avec le lien ci-dessous, valable sept jours.',
      ],
      action: { label: 'Créer mon compte', url: `${this.config.publicUrl}/creation-de-compte/${token}` },
    });
    return { email };
  }

  /** Withdraws the invitations waiting at an address: their links no longer open anything. */
  async withdrawInvitation(email: string): Promise<{ email: string; withdrawn: number }> {
    return { email, withdrawn: await this.tokens.withdrawPending('registration', email) };
  }
}
