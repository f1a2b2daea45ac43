import { HttpStatus, Inject, Injectable, Logger, NotFoundException, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LoginAnswer, LoginRequest, NewPasswordRequest, PagesAnswer, RolesAnswer } from '@hsa-lli/common/domain';
import { newPasswordProblem } from '@hsa-lli/common/password-strength';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { ApiHttpError, FieldsError, TooManyAttemptsError } from '../http/api-errors.js';
import { RateLimiter } from '../http/rate-limiter.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { SignedLinks } from '../tokens/signed-links.js';
import { TokensService } from '../tokens/tokens.service.js';
import type { User } from '../users/entities/user.entity.js';
import { EMAIL_TAKEN, UsersService } from '../users/users.service.js';
import { pagesFor, pagesVersion } from './access-rules.js';
import { checkPassword, hashPassword } from './passwords.js';
import { PrintTokens } from './print-token.js';
import type { SessionUser } from './session-user.js';
import { toSessionUser } from './session.serializer.js';
import { describeDevice } from './sessions/device.js';
import { SESSION_STORE, type RevocableStore } from './sessions/session-stores.js';

export { SESSION_STORE };
export const PASSPORT = Symbol('PASSPORT');

const QUARTER_HOUR = 15 * 60_000;
/** Failed logins allowed per account, and per address, in a quarter of an hour. */
export const LOGIN_LIMITS = { account: { max: 5, windowMs: QUARTER_HOUR }, ip: { max: 30, windowMs: QUARTER_HOUR } };
/** Password-reset requests allowed per address in an hour. */
export const RESET_REQUEST_LIMIT = { max: 5, windowMs: 60 * 60_000 };

const WRONG_CREDENTIALS = 'E-mail ou mot de passe incorrect.';
export const ACCOUNT_DEACTIVATED =
  'Ce compte a été désactivé : il ne permet plus de se connecter. Si vous pensez qu’il s’agit d’une erreur, contactez HSA Logement intermédiaire.';

function currentUser(request: Request): SessionUser | null {
  return (request.user as SessionUser | undefined) ?? null;
}

function logIn(request: Request, user: SessionUser): Promise<void> {
  // Passport gives the session a new id at login, so a session id known before login is worth nothing after.
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}

@Injectable()
export class AuthService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SESSION_STORE) private readonly sessions: RevocableStore,
    private readonly limiter: RateLimiter,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly printTokens: PrintTokens,
    private readonly links: SignedLinks,
  ) {}

  /** The key of an address's login counter: an HMAC of the address (SignedLinks.digest), not found back by hashing guesses. */
  private counterOf(email: string): string {
    return `login:account:${this.links.digest('login-account', email)}`;
  }

  /** The session's pages; the print browser's credential adds its one page, whose data call it alone opens. */
  pages(request: Request): PagesAnswer {
    const user = currentUser(request);
    const grant = user ? null : this.printTokens.fromRequest(request);
    const pages = pagesFor(user?.roles ?? []);
    if (grant && !pages.includes(grant.page)) pages.push(grant.page);
    return { pages, version: pagesVersion(pages) };
  }

  roles(request: Request): RolesAnswer {
    const user = currentUser(request);
    return { roles: user?.roles ?? [], user_id: user?.id ?? null };
  }

  /** The credentials come checked by loginSchema, the address trimmed and lower-cased. */
  async login(request: Request, { email, password }: LoginRequest): Promise<LoginAnswer> {
    // Every attempt is counted before its password is checked: parallel tries cannot all slip in
    // while the first ones are being checked. The address is counted by its keyed digest: the counters never hold one.
    const keys = { account: this.counterOf(email), ip: `login:ip:${request.ip}` };
    const [accountHits, ipHits] = await Promise.all([
      this.limiter.hit(keys.account, LOGIN_LIMITS.account),
      this.limiter.hit(keys.ip, LOGIN_LIMITS.ip),
    ]);
    if (accountHits > LOGIN_LIMITS.account.max || ipHits > LOGIN_LIMITS.ip.max) {
      throw new TooManyAttemptsError('Trop de tentatives de connexion. Pour votre sécurité, patientez 15 minutes avant de réessayer.');
    }
    const user = await this.users.findByEmail(email);
    const valid = (await checkPassword(user?.passwordHash ?? null, password)) && user !== null;
    if (!valid) throw new FieldsError({ password: WRONG_CREDENTIALS }, WRONG_CREDENTIALS);
    // Told only to whoever knows the password: nobody else learns that the address has an account.
    if (!user.active) throw new ApiHttpError({ error: ACCOUNT_DEACTIVATED }, HttpStatus.BAD_REQUEST);
    // A successful login was no attack: its account starts afresh, and its address gets its try back.
    await Promise.all([this.limiter.reset(keys.account), this.limiter.unhit(keys.ip)]);
    return this.openSession(request, user);
  }

  async logout(request: Request): Promise<PagesAnswer> {
    await new Promise<void>((resolve, reject) => request.logOut((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    const pages = pagesFor([]);
    return { pages, version: pagesVersion(pages) };
  }

  /** Always the same answer, at once: whether an account exists is never told. */
  async requestPasswordReset(request: Request, email: string): Promise<{ message: string }> {
    if ((await this.limiter.hit(`reset:ip:${request.ip}`, RESET_REQUEST_LIMIT)) > RESET_REQUEST_LIMIT.max) {
      throw new TooManyAttemptsError('Trop de demandes de réinitialisation. Réessayez dans une heure.');
    }
    void this.sendResetLink(email).catch((error: unknown) => this.logger.error(`Password reset e-mail failed: ${String(error)}`));
    return { message: 'Si un compte correspond à cette adresse, vous allez recevoir un e-mail avec un lien valable une heure.' };
  }

  /** The password follows the rules (newPasswordSchema); how guessable it is depends on its owner, known from the link. */
  async resetPassword({ token: link, password }: NewPasswordRequest): Promise<{ message: string }> {
    const token = await this.tokens.findUsable('password_reset', link);
    if (!token?.user) throw new NotFoundException();
    const problem = newPasswordProblem(password, token.user);
    if (problem) throw new FieldsError({ password: problem });
    const passwordHash = await hashPassword(password);
    const user = token.user;
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.tokens.consume(manager, token))) throw new NotFoundException();
      await this.users.setPassword(manager, user.id, passwordHash);
      // Any other reset link of this account dies with this one, and so does an address change asked with the
      // former password: whoever asked it may be the reason for this reset.
      await this.tokens.withdrawPending('password_reset', user.email, manager);
      await this.tokens.withdrawPendingOfUser('email_change', user.id, manager);
    });
    await this.sessions.destroyAllForUser(user.id);
    return { message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter avec ce nouveau mot de passe.' };
  }

  /** Gives the invited person their account (its password chosen now), and opens its session. */
  async register(request: Request, { token: link, password }: NewPasswordRequest): Promise<LoginAnswer> {
    const token = await this.tokens.findUsable('registration', link);
    if (!token?.role) throw new NotFoundException();
    // The account staff created with the invitation; none for an invitation sent before accounts were created at once.
    const invited = await this.users.findByEmail(token.email);
    if (invited?.passwordHash) {
      throw new FieldsError({ email: EMAIL_TAKEN }, 'Un compte existe déjà avec cette adresse e-mail : connectez-vous, ou demandez un nouveau mot de passe.');
    }
    const problem = newPasswordProblem(password, invited ?? token);
    if (problem) throw new FieldsError({ password: problem });
    const passwordHash = await hashPassword(password);
    const user = await this.dataSource.transaction(async (manager) => {
      if (!(await this.tokens.consume(manager, token))) throw new NotFoundException();
      return this.users.completeRegistration(manager, token, passwordHash);
    });
    return this.openSession(request, user);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sessions.close();
  }

  private async openSession(request: Request, user: User): Promise<LoginAnswer> {
    await logIn(request, toSessionUser(user));
    request.session.loginAt = Date.now();
    request.session.lastSeenAt = request.session.loginAt;
    // What the account's list of sessions shows of this one.
    request.session.device = describeDevice(request.get('user-agent'));
    if (request.ip) request.session.ip = request.ip;
    await this.users.recordLogin(user.id);
    const pages = pagesFor(user.roles);
    return { roles: user.roles, user_id: user.id, pages, version: pagesVersion(pages) };
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    // An invited account has no password to reset: its invitation is its way in.
    if (!user?.active || user.passwordHash === null) return;
    const token = await this.tokens.issue('password_reset', { email, user });
    await this.mail.send({
      to: email,
      subject: 'Réinitialisation de votre mot de passe',
      paragraphs: [
        `Bonjour ${user.firstName},`,
        'Vous avez demandé à réinitialiser le mot de passe de votre espace HSA Logement intermédiaire. Le lien ci-dessous est valable une heure et ne peut servir qu’une fois.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url: `${this.config.publicUrl}/mot-de-passe-oublie/nouveau-mot-de-passe/${token}` },
    });
  }
}
