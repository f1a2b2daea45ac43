import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { formatDateTime, type EmailChangeRequest, type PasswordChangeRequest, type SessionsAnswer } from '@hsa-lli/common/domain';
import { newPasswordProblem } from '@hsa-lli/common/password-strength';
import { Not, type DataSource, type Repository } from 'typeorm';
import { checkPassword, hashPassword } from '../auth/passwords.js';
import { toSessionUser } from '../auth/session.serializer.js';
import { SessionsService } from '../auth/sessions/sessions.service.js';
import { ConflictError, FieldsError, TooManyAttemptsError } from '../http/api-errors.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { RateLimiter, type Limit } from '../http/rate-limiter.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { MailService } from '../mail/mail.service.js';
import { TokensService } from '../tokens/tokens.service.js';
import { User } from './entities/user.entity.js';
import { EMAIL_TAKEN } from './users.service.js';

/** Wrong current passwords allowed per account in a quarter of an hour, as for logins: a session is no key to guess it. */
export const PASSWORD_CHECK_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

/**
 * Address changes asked per account in an hour, whatever the password given: each one tells whether an address has
 * an account and sends a mail to an address of the asker's choosing.
 */
export const EMAIL_CHANGE_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };

const WRONG_PASSWORD = 'Le mot de passe est incorrect.';
const TAKEN_MEANWHILE = 'Cette adresse e-mail est désormais celle d’un autre compte : elle ne peut plus devenir la vôtre. Demandez le changement vers une autre adresse.';

/**
 * The logged-in user's own credentials (/mes-identifiants): their address, changed through a link sent to the new
 * one, their password, and their open sessions.
 */
@Injectable()
export class CredentialsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly history: HistoryService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Sends a confirmation link to the new address, and tells the current one that a change was asked. The address
   * changes only once the link is opened.
   */
  async requestEmailChange(userId: number, { new_email: email, password }: EmailChangeRequest): Promise<{ message: string }> {
    if ((await this.limiter.hit(`email-change:account:${userId}`, EMAIL_CHANGE_LIMIT)) > EMAIL_CHANGE_LIMIT.max) {
      throw new TooManyAttemptsError('Trop de demandes de changement d’adresse e-mail. Patientez une heure avant d’en faire une nouvelle.');
    }
    const user = await this.ownerOf(userId, password, 'password');
    if (email === user.email) throw new FieldsError({ new_email: 'C’est déjà l’adresse e-mail de votre compte.' });
    // Told only to whoever knows the password, as the invitation form tells staff.
    if (await this.users.existsBy({ email })) throw new FieldsError({ new_email: EMAIL_TAKEN });
    // Only the latest request counts: a link sent earlier, to any address, stops working.
    await this.tokens.withdrawPendingOfUser('email_change', user.id);
    const token = await this.tokens.issue('email_change', { email, user });
    await this.mail.send({
      to: email,
      subject: 'Confirmez votre nouvelle adresse e-mail',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        'Vous avez demandé que cette adresse devienne celle de votre compte HSA Logement intermédiaire. Confirmez-le avec le lien ci-dessous, valable 24 heures : d’ici là, votre compte garde son adresse actuelle.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne sera changé.',
      ],
      action: { label: 'Confirmer ma nouvelle adresse', url: `${this.config.publicUrl}/mes-identifiants/nouvelle-adresse/${token}` },
    });
    await this.mail.send({
      to: user.email,
      subject: 'Demande de changement de votre adresse e-mail',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        `Le ${formatDateTime(new Date())}, un changement de l’adresse e-mail de votre compte HSA Logement intermédiaire vers ${email} a été demandé. Un lien de confirmation a été envoyé à cette nouvelle adresse : votre adresse actuelle reste celle du compte tant qu’il n’a pas été ouvert.`,
        `Si ce n’est pas vous, changez votre mot de passe et contactez-nous : ${this.config.publicUrl}/nous-contacter.`,
      ],
    });
    return { message: `Un lien de confirmation a été envoyé à ${email}. Votre adresse changera quand vous l’aurez ouvert (il est valable 24 heures).` };
  }

  /**
   * Gives the account the address a confirmation link was sent to. The link may be opened logged out, or in
   * another browser: it is its own proof.
   */
  async confirmEmailChange(link: string): Promise<{ email: string }> {
    const token = await this.tokens.findUsable('email_change', link);
    if (!token?.user?.active) throw new NotFoundException();
    const user = token.user;
    const email = token.email;
    const at = new Date();
    try {
      await this.dataSource.transaction(async (manager) => {
        if (!(await this.tokens.consume(manager, token))) throw new NotFoundException();
        if (await manager.existsBy(User, { email, id: Not(user.id) })) throw new ConflictError(TAKEN_MEANWHILE);
        await manager.update(User, { id: user.id }, { email });
        await this.history.record(
          { subject: 'user', subjectId: user.id, actor: toSessionUser(user), action: 'Adresse e-mail changée par son titulaire', changes: changedFields({ email: user.email }, { email }) },
          manager,
        );
        // Links sent to the former address no longer open this account.
        await this.tokens.withdrawPending('password_reset', user.email, manager);
        await this.tokens.withdrawPending('registration', user.email, manager);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(TAKEN_MEANWHILE);
      throw error;
    }
    await this.mail.send({
      to: user.email,
      subject: 'Votre adresse e-mail a été changée',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        `Le ${formatDateTime(at)}, l’adresse e-mail de votre compte HSA Logement intermédiaire est devenue ${email}. Cette adresse-ci ne permet plus de vous connecter ni de recevoir nos messages.`,
        `Si ce n’est pas vous, contactez-nous sans attendre : ${this.config.publicUrl}/nous-contacter.`,
      ],
    });
    return { email };
  }

  /** A new password, the current one given; every other session of the account ends, and its owner is told. */
  async changePassword(userId: number, currentSid: string, { current_password: current, new_password: password }: PasswordChangeRequest): Promise<{ message: string; ended: number }> {
    const user = await this.ownerOf(userId, current, 'current_password');
    const problem = newPasswordProblem(password, user);
    if (problem) throw new FieldsError({ new_password: problem });
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: user.id }, { passwordHash });
      await this.history.record({ subject: 'user', subjectId: user.id, actor: toSessionUser(user), action: 'Mot de passe changé par son titulaire' }, manager);
      // A reset link asked before is no longer needed, and would undo this change; an address change asked before
      // may be an intruder's, made with the password this change shuts out.
      await this.tokens.withdrawPending('password_reset', user.email, manager);
      await this.tokens.withdrawPendingOfUser('email_change', user.id, manager);
    });
    const ended = await this.sessions.endOthers(user.id, currentSid);
    await this.mail.send({
      to: user.email,
      subject: 'Votre mot de passe a été changé',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        `Le ${formatDateTime(new Date())}, le mot de passe de votre compte HSA Logement intermédiaire a été changé, et vos connexions sur d’autres appareils ont été fermées.`,
        `Si ce n’est pas vous, choisissez un nouveau mot de passe avec « Mot de passe oublié » (${this.config.publicUrl}/mot-de-passe-oublie) et contactez-nous : ${this.config.publicUrl}/nous-contacter.`,
      ],
    });
    const others = ended === 0 ? '' : ended === 1 ? ' Votre autre appareil connecté a été déconnecté.' : ` Vos ${ended} autres appareils connectés ont été déconnectés.`;
    return { message: `Votre mot de passe a été changé.${others}`, ended };
  }

  async listSessions(userId: number, currentSid: string): Promise<SessionsAnswer> {
    return { data: await this.sessions.list(userId, currentSid) };
  }

  async endOtherSessions(userId: number, currentSid: string): Promise<{ ended: number }> {
    return { ended: await this.sessions.endOthers(userId, currentSid) };
  }

  async endSession(userId: number, currentSid: string, id: string): Promise<{ id: string }> {
    await this.sessions.end(userId, currentSid, id);
    return { id };
  }

  /**
   * The logged-in account, once the password given is its own. Wrong guesses are counted before the check, as
   * logins are, so that a session left open is no way to find the password out; a right one starts the count afresh.
   */
  async ownerOf(userId: number, password: string, field: string): Promise<User> {
    const key = `password-check:account:${userId}`;
    if ((await this.limiter.hit(key, PASSWORD_CHECK_LIMIT)) > PASSWORD_CHECK_LIMIT.max) {
      throw new TooManyAttemptsError('Trop de tentatives avec un mot de passe incorrect. Pour votre sécurité, patientez 15 minutes avant de réessayer.');
    }
    const user = await this.users.findOneBy({ id: userId, active: true });
    if (!user) throw new NotFoundException();
    if (!(await checkPassword(user.passwordHash, password))) throw new FieldsError({ [field]: WRONG_PASSWORD });
    await this.limiter.reset(key);
    return user;
  }
}
