import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ListAnswer, UserAdminView, UserAnswer, UserState, UserUpdateRequest, userListSchema } from '@hsa-lli/common/back-office';
import { plural, ROLE_LABELS, type InvitationRequest, type MeAnswer, type Role } from '@hsa-lli/common/domain';
import type { z } from 'zod/mini';
import { Brackets, IsNull, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { SESSION_STORE, type RevocableStore } from '../auth/sessions/session-stores.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { uniqueOrFieldError } from '../database/database-errors.js';
import { claimVersion, listAnswer, pageOf, type ListSpec } from '../database/list-query.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { MailService } from '../mail/mail.service.js';
import { RecordsService } from '../records/records.service.js';
import type { Token } from '../tokens/entities/token.entity.js';
import { fullName, stateOf } from './account-names.js';
import { TokensService } from '../tokens/tokens.service.js';
import { User } from './entities/user.entity.js';

type ListRequest = z.output<typeof userListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

const LIST: ListSpec<Column> = {
  search: ['account.firstName', 'account.lastName', 'account.email'],
  sort: { last_name: 'account.lastName', email: 'account.email', last_login_at: 'account.lastLoginAt', created_at: 'account.createdAt' },
  defaultSort: { column: 'last_name', direction: 'asc' },
};

/** The rows of each state: an invited account has no password yet. */
const STATE_CONDITION: Record<UserState, string> = {
  invited: 'account.active = 1 AND account.passwordHash IS NULL',
  active: 'account.active = 1 AND account.passwordHash IS NOT NULL',
  deactivated: 'account.active = 0',
};

export const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse e-mail.';

/** The account form's fields, as the history compares them. */
const formOf = (user: User) => ({ first_name: user.firstName, last_name: user.lastName, roles: user.roles });

const nameOf = (user: User) => fullName(user) || user.email;

function toAdminView(user: User, invitation: Token | undefined): UserAdminView {
  const state = stateOf(user);
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.roles,
    state,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    version: user.version,
    invitation:
      state === 'invited' && invitation
        ? { sent_at: invitation.createdAt.toISOString(), expires_at: invitation.expiresAt.toISOString(), expired: invitation.expiresAt.getTime() <= Date.now() }
        : null,
  };
}

/** The accounts: other features (authentication, sessions) read and change them through this service. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly sessions: RevocableStore,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly history: HistoryService,
    private readonly records: RecordsService,
  ) {}

  /** The account of the session's user, as its owner sees it on /mes-identifiants. */
  async me(id: number): Promise<MeAnswer['user']> {
    const user = await this.findActive(id);
    if (!user) throw new NotFoundException();
    return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
  }

  findActive(id: number, manager: EntityManager = this.users.manager): Promise<User | null> {
    return manager.findOneBy(User, { id, active: true });
  }

  /** The active accounts that hold one of these roles, by name. */
  activeWithAnyRole(roles: readonly Role[]): Promise<User[]> {
    // Roles are kept as a JSON list, text to both databases: a role is in it as its quoted name.
    return this.users
      .createQueryBuilder('user')
      .where('user.active = :active', { active: true })
      .andWhere(new Brackets((query) => roles.forEach((role, index) => query.orWhere(`user.roles LIKE :role${index}`, { [`role${index}`]: `%"${role}"%` }))))
      .orderBy('user.firstName')
      .addOrderBy('user.lastName')
      .getMany();
  }

  /** The account of an address, active or not. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  /** Notes a login. The version stays: a login is no change to the account an administrator may be editing. */
  async recordLogin(id: number): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({ lastLoginAt: new Date(), version: () => 'version' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * Gives an invited person their account, in the caller's transaction: the account staff created gets its password.
   * An invitation sent before accounts were created with it has none yet: the account is created now.
   */
  async completeRegistration(manager: EntityManager, invitation: Pick<Token, 'email' | 'firstName' | 'lastName' | 'role'>, passwordHash: string): Promise<User> {
    const user = await this.registered(manager, invitation, passwordHash);
    // A customer's account comes with its application file.
    if (user.roles.includes('customer')) await this.records.openFor(manager, user);
    return user;
  }

  private async registered(manager: EntityManager, invitation: Pick<Token, 'email' | 'firstName' | 'lastName' | 'role'>, passwordHash: string): Promise<User> {
    const invited = await manager.findOneBy(User, { email: invitation.email });
    if (invited) {
      await manager.update(User, { id: invited.id }, { passwordHash });
      await this.history.record({ subject: 'user', subjectId: invited.id, actor: null, action: 'Inscription', changes: changedFields({ state: 'invited' }, { state: 'active' }) }, manager);
      return { ...invited, passwordHash };
    }
    const fields = { email: invitation.email, firstName: invitation.firstName ?? '', lastName: invitation.lastName ?? '', roles: [invitation.role!] };
    const user = await manager.save(manager.create(User, { ...fields, passwordHash, phone: null, active: true }));
    await this.history.record({ subject: 'user', subjectId: user.id, actor: null, action: 'Inscription', changes: changedFields({}, this.createdFields(user)) }, manager);
    return user;
  }

  /** A password chosen through a reset link, in the caller's transaction. */
  async setPassword(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.update(User, { id }, { passwordHash });
    await this.history.record({ subject: 'user', subjectId: id, actor: null, action: 'Nouveau mot de passe choisi par lien de réinitialisation' }, manager);
  }

  /** One page of the accounts, for the administrators. */
  async list(request: ListRequest): Promise<ListAnswer<UserAdminView>> {
    const query = this.users.createQueryBuilder('account');
    const { role, state } = request.filters ?? {};
    // Roles are a JSON list of names; no role's name holds another's in quotes.
    if (role) query.andWhere('account.roles LIKE :role', { role: `%"${role}"%` });
    if (state) query.andWhere(STATE_CONDITION[state]);
    const page = await pageOf(query, request, LIST);
    const invitations = await this.tokens.latestUnused(
      'registration',
      page.rows.filter((user) => stateOf(user) === 'invited').map((user) => user.email),
    );
    return listAnswer(page, (user) => toAdminView(user, invitations.get(user.email)));
  }

  async getOne(id: number): Promise<UserAnswer> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException();
    const invitations = await this.tokens.latestUnused('registration', stateOf(user) === 'invited' ? [user.email] : []);
    return { user: toAdminView(user, invitations.get(user.email)), history: await this.history.list('user', id) };
  }

  /**
   * Creates an account by invitation (the form checked by invitationSchema: trimmed, the address lower-cased): the
   * account exists at once, without a password, and its owner chooses one through the e-mailed link.
   */
  async create({ email, first_name: firstName, last_name: lastName, role }: InvitationRequest, actor: SessionUser): Promise<UserAnswer> {
    if (await this.users.existsBy({ email })) throw new FieldsError({ email: EMAIL_TAKEN });
    const user = await uniqueOrFieldError(
      () =>
        this.dataSource.transaction((manager) => this.createInvited(manager, { email, first_name: firstName, last_name: lastName, role }, actor)),
      { email: EMAIL_TAKEN },
    );
    await this.sendInvitation(user);
    return this.getOne(user.id);
  }

  /**
   * Creates an account without a password in the caller's transaction (another feature's step, such as turning a
   * contact request into a file); `sendInvitation` mails its link once the transaction is committed.
   */
  async createInvited(manager: EntityManager, { email, first_name: firstName, last_name: lastName, role }: InvitationRequest, actor: SessionUser): Promise<User> {
    const saved = await manager.save(manager.create(User, { email, firstName, lastName, roles: [role], passwordHash: null, phone: null, active: true }));
    await this.history.record({ subject: 'user', subjectId: saved.id, actor, action: 'Création et invitation', changes: changedFields({}, this.createdFields(saved)) }, manager);
    return saved;
  }

  async update({ id, version, first_name: firstName, last_name: lastName, roles }: UserUpdateRequest, actor: SessionUser): Promise<UserAnswer> {
    await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOneBy(User, { id });
      if (!user) throw new NotFoundException();
      if (id === actor.id && user.roles.includes('admin') && !roles.includes('admin')) {
        throw new FieldsError({
          roles: `Vous ne pouvez pas retirer votre propre rôle « ${ROLE_LABELS.admin} » : un autre administrateur peut le faire.`,
        });
      }
      await claimVersion(manager, User, id, version);
      const changes = changedFields(formOf(user), { first_name: firstName, last_name: lastName, roles });
      await manager.update(User, { id }, { firstName, lastName, roles });
      if (changes.length > 0) await this.history.record({ subject: 'user', subjectId: id, actor, action: 'Modification', changes }, manager);
    });
    return this.getOne(id);
  }

  /**
   * Deactivates an account: its sessions end at once, its login is refused, and the links sent to it (invitation,
   * password reset) stop working.
   */
  async deactivate(id: number, actor: SessionUser): Promise<UserAnswer> {
    if (id === actor.id) throw new ConflictError('Vous ne pouvez pas désactiver votre propre compte : un autre administrateur peut le faire.');
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException();
    await this.dataSource.transaction(async (manager) => {
      if (!(await manager.update(User, { id, active: true }, { active: false })).affected) throw new ConflictError('Ce compte est déjà désactivé.');
      await this.tokens.withdrawPending('registration', user.email, manager);
      await this.tokens.withdrawPending('password_reset', user.email, manager);
      await this.tokens.withdrawPendingOfUser('email_change', id, manager);
      await this.history.record({ subject: 'user', subjectId: id, actor, action: 'Désactivation', changes: changedFields({ state: stateOf(user) }, { state: 'deactivated' }) }, manager);
    });
    await this.sessions.destroyAllForUser(id);
    return this.getOne(id);
  }

  /** Reactivates an account: its owner logs in again (an account never registered waits for a new invitation). */
  async reactivate(id: number, actor: SessionUser): Promise<UserAnswer> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException();
    await this.dataSource.transaction(async (manager) => {
      if (!(await manager.update(User, { id, active: false }, { active: true })).affected) throw new ConflictError('Ce compte est déjà actif.');
      const after = stateOf({ ...user, active: true });
      await this.history.record({ subject: 'user', subjectId: id, actor, action: 'Réactivation', changes: changedFields({ state: 'deactivated' }, { state: after }) }, manager);
    });
    return this.getOne(id);
  }

  /** Sends an invited account a new link; the earlier ones stop working. */
  async resendInvitation(id: number, actor: SessionUser): Promise<UserAnswer> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException();
    const state = stateOf(user);
    if (state === 'active') throw new ConflictError(`${nameOf(user)} a déjà choisi son mot de passe : son compte n’attend plus d’invitation.`);
    if (state === 'deactivated') throw new ConflictError('Ce compte est désactivé : réactivez-le avant de renvoyer l’invitation.');
    await this.sendInvitation(user);
    await this.history.record({ subject: 'user', subjectId: id, actor, action: 'Invitation renvoyée' });
    return this.getOne(id);
  }

  /** Withdraws the invitations waiting at an address: their links no longer open anything. */
  async withdrawInvitation(email: string, actor: SessionUser): Promise<{ email: string; withdrawn: number }> {
    const withdrawn = await this.tokens.withdrawPending('registration', email);
    const user = await this.findByEmail(email);
    if (user && withdrawn > 0) await this.history.record({ subject: 'user', subjectId: user.id, actor, action: 'Invitation retirée' });
    return { email, withdrawn };
  }

  /**
   * Deletes an account nobody ever used: invited, never registered, named by no application file. Its links stop
   * working. Any other account is deactivated instead, so that what it did keeps its author.
   */
  async delete(id: number, actor: SessionUser): Promise<{ id: number }> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException();
    const instead = 'Désactivez-le plutôt : ses connexions seront fermées et il ne pourra plus se connecter.';
    const used = `Le compte de ${nameOf(user)} a déjà servi : il ne peut pas être supprimé. ${instead}`;
    if (user.passwordHash !== null) throw new ConflictError(used);
    const files = await this.records.countReferring({ user: id });
    if (files > 0) {
      throw new ConflictError(`Le compte de ${nameOf(user)} est cité par ${plural(files, 'dossier', 'dossiers')} : il ne peut pas être supprimé. ${instead}`);
    }
    await this.dataSource.transaction(async (manager) => {
      // Registered meanwhile: it has served after all.
      if (!(await manager.delete(User, { id, passwordHash: IsNull() })).affected) throw new ConflictError(used);
      await this.tokens.withdrawPending('registration', user.email, manager);
      await this.history.record({ subject: 'user', subjectId: id, actor, action: 'Suppression', changes: changedFields(this.createdFields(user), {}) }, manager);
    });
    return { id };
  }

  private createdFields(user: User): { email: string; first_name: string; last_name: string; roles: Role[] } {
    return { email: user.email, ...formOf(user) };
  }

  /** Mails an invited account a link to choose its password; the earlier ones stop working. */
  async sendInvitation(user: User): Promise<void> {
    const token = await this.tokens.issue('registration', { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.roles[0]! });
    await this.mail.send({
      to: user.email,
      subject: 'Votre accès à HSA Logement intermédiaire',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        'Un compte vous attend sur la plateforme HSA Logement intermédiaire. Choisissez votre mot de passe avec le lien ci-dessous, valable sept jours.',
      ],
      action: { label: 'Créer mon compte', url: `${this.config.publicUrl}/creation-de-compte/${token}` },
    });
  }
}
