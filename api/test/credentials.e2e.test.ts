import { startInbox, type ReceivedMail, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import { Token } from '../src/tokens/entities/token.entity.js';
import { TokensService } from '../src/tokens/tokens.service.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

const PASSWORD = 'Mot-de-passe-actuel-2026';
const NEW_PASSWORD = 'Autre-phrase-secrete-2027';
const TO_CORRECT = 'Certaines informations sont à corriger.';
const WRONG_PASSWORD = 'Le mot de passe est incorrect.';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A client address of its own per login, so that failed logins count apart (the API trusts its loopback proxy). */
let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses += 1)}`;

/** The session id inside the signed session cookie a login answer sets. */
function sessionIdOf(response: request.Response): string {
  const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('hsa.sid='))!;
  const value = decodeURIComponent(/hsa\.sid=([^;]+)/.exec(cookie)![1]!);
  return value.slice(2, value.lastIndexOf('.'));
}

describe.each(BACKENDS)('own credentials on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let accounts = 0;
  /** The session id of each logged-in browser. */
  const sessionIds = new Map<request.Agent, string>();

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A customer account of the test's own, so that changing its credentials leaves the demo accounts usable. */
  async function account(): Promise<{ id: number; email: string }> {
    const manager = api.dataSource.manager;
    const email = `titulaire-${(accounts += 1)}@example.org`;
    const user = await manager.save(manager.create(User, { email, passwordHash: await hashPassword(PASSWORD), roles: ['customer'], firstName: 'Ane', lastName: 'Irigaray', phone: null }));
    return { id: user.id, email };
  }

  /** A logged-in browser: its own address and User-Agent, kept for every request. */
  async function device(email: string, userAgent = WINDOWS_CHROME, password = PASSWORD): Promise<request.Agent> {
    const agent = request.agent(api.server).set('User-Agent', userAgent).set('X-Forwarded-For', nextAddress());
    sessionIds.set(agent, sessionIdOf(await agent.post('/api/auth/login').send({ email, password }).expect(200)));
    return agent;
  }

  const login = (email: string, password: string) => request(api.server).post('/api/auth/login').set('X-Forwarded-For', nextAddress()).send({ email, password });
  const mailsTo = (email: string, subject: string) => inbox.messages.filter((mail) => mail.to.includes(email) && mail.subject === subject);
  const linkIn = (mail: ReceivedMail) => mail.links.find((url) => url.startsWith('http://hsa.test/mes-identifiants/nouvelle-adresse/'))?.split('/').at(-1);

  /** Asks for a new address and answers the token of the link e-mailed to it. */
  async function askNewAddress(agent: request.Agent, newEmail: string): Promise<string> {
    const before = mailsTo(newEmail, 'Confirmez votre nouvelle adresse e-mail').length;
    await agent.post('/api/users/change-email').send({ new_email: newEmail, password: PASSWORD }).expect(200);
    await inbox.waitFor(() => mailsTo(newEmail, 'Confirmez votre nouvelle adresse e-mail').length > before);
    return linkIn(mailsTo(newEmail, 'Confirmez votre nouvelle adresse e-mail').at(-1)!)!;
  }

  it('answers 401 to a visitor, and 404 to a link that opens nothing', async () => {
    for (const [path, body] of [
      ['/api/users/change-email', { new_email: 'x@example.org', password: PASSWORD }],
      ['/api/users/change-password', { current_password: PASSWORD, new_password: NEW_PASSWORD }],
      ['/api/users/sessions', {}],
      ['/api/users/sessions/end-others', {}],
      ['/api/users/sessions/end', { id: 'a'.repeat(64) }],
    ] as const) {
      await request(api.server).post(path).send(body).expect(401, { error: 'Unauthorized' });
    }
    for (const token of ['inconnu-mais-bien-forme-123456', 'x', '../../etc/passwd']) {
      expect((await request(api.server).post('/api/users/confirm-email').send({ token }).expect(404)).text).toBe('');
      await request(api.server).post('/api/tokens/email-change-token').send({ token }).expect(404);
    }
  });

  it('changes the address once the link sent to the new one is opened, telling the former one twice', async () => {
    const { id, email } = await account();
    const newEmail = `nouvelle-adresse-${id}@example.org`;
    const agent = await device(email);

    const wrong = await agent.post('/api/users/change-email').send({ new_email: newEmail, password: 'Pas-le-bon-2026' }).expect(400);
    expect(wrong.body).toEqual({ error: TO_CORRECT, fields: { password: WRONG_PASSWORD } });
    const asked = await agent.post('/api/users/change-email').send({ new_email: ` ${newEmail.toUpperCase()} `, password: PASSWORD }).expect(200);
    expect(asked.body).toEqual({ message: `Un lien de confirmation a été envoyé à ${newEmail}. Votre adresse changera quand vous l’aurez ouvert (il est valable 24 heures).` });

    const confirmation = await inbox.waitFor((mail) => mail.to.includes(newEmail));
    expect(confirmation.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    const token = linkIn(confirmation)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const notice = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Demande de changement de votre adresse e-mail');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(token);
    expect(linkIn(notice)).toBeUndefined();

    // Nothing changes until the link is opened: the former address still logs in, and can still ask for a reset link.
    expect((await agent.post('/api/users/get-me').expect(200)).body.user.email).toBe(email);
    await login(email, PASSWORD).expect(200);
    await login(newEmail, PASSWORD).expect(400);
    await request(api.server).post('/api/auth/forgot-password').set('X-Forwarded-For', nextAddress()).send({ email }).expect(200);
    const reset = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Réinitialisation de votre mot de passe');
    const resetToken = reset.links.find((url) => url.includes('/mot-de-passe-oublie/nouveau-mot-de-passe/'))!.split('/').at(-1)!;

    // Opened logged out, in another browser.
    expect((await request(api.server).post('/api/tokens/email-change-token').send({ token }).expect(200)).body).toEqual({ infos: { email: newEmail } });
    expect((await request(api.server).post('/api/users/confirm-email').send({ token }).expect(200)).body).toEqual({ email: newEmail });

    const done = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre adresse e-mail a été changée');
    expect(done.text).toMatch(/Le \d{1,2}(er)? [a-zéû]+ \d{4} à \d{1,2}\u00a0h\u00a0\d{2}, l’adresse e-mail de votre compte HSA Logement intermédiaire est devenue /);
    expect(done.text).toContain(newEmail);
    expect(done.text).toContain('Si ce n’est pas vous, contactez-nous');
    expect(linkIn(done)).toBeUndefined();
    expect(mailsTo(newEmail, 'Confirmez votre nouvelle adresse e-mail')).toHaveLength(1);

    expect((await agent.post('/api/users/get-me').expect(200)).body.user.email).toBe(newEmail);
    await login(email, PASSWORD).expect(400);
    await login(newEmail, PASSWORD).expect(200);
    // The link served once; the reset link sent to the former address opens nothing any more.
    await request(api.server).post('/api/users/confirm-email').send({ token }).expect(404);
    await request(api.server).post('/api/tokens/email-change-token').send({ token }).expect(404);
    await request(api.server).post('/api/tokens/password-reset-token').send({ token: resetToken }).expect(404);

    const admin = await loggedIn(api, 'admin@demo.hsa-lli.fr');
    const { history } = (await admin.post('/api/users/get-one').send({ id }).expect(200)).body;
    expect(history[0]).toMatchObject({ actor: 'Ane Irigaray', action: 'Adresse e-mail changée par son titulaire', changes: [{ field: 'email', before: email, after: newEmail }] });
  });

  it('refuses an address another account has, the current one, and a malformed one', async () => {
    const { email } = await account();
    const other = await account();
    const agent = await device(email);
    const taken = await agent.post('/api/users/change-email').send({ new_email: other.email, password: PASSWORD }).expect(400);
    expect(taken.body).toEqual({ error: TO_CORRECT, fields: { new_email: 'Un compte existe déjà avec cette adresse e-mail.' } });
    // Whether an address has an account is told only to whoever knows the password.
    const guessed = await agent.post('/api/users/change-email').send({ new_email: other.email, password: 'Pas-le-bon-2026' }).expect(400);
    expect(guessed.body).toEqual({ error: TO_CORRECT, fields: { password: WRONG_PASSWORD } });
    const same = await agent.post('/api/users/change-email').send({ new_email: email, password: PASSWORD }).expect(400);
    expect(same.body).toEqual({ error: TO_CORRECT, fields: { new_email: 'C’est déjà l’adresse e-mail de votre compte.' } });
    const malformed = await agent.post('/api/users/change-email').send({ new_email: 'Ane <ane@example.org>', password: '' }).expect(400);
    expect(malformed.body).toEqual({ error: TO_CORRECT, fields: { new_email: "L'adresse e-mail n'est pas valide.", password: 'Veuillez saisir votre mot de passe actuel.' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.messages.filter((mail) => mail.to.includes(other.email) || mail.to.includes(email))).toEqual([]);
  });

  it('answers 409 when the new address became another account’s meanwhile, and changes nothing', async () => {
    const { id, email } = await account();
    const newEmail = `prise-entre-temps-${id}@example.org`;
    const token = await askNewAddress(await device(email), newEmail);
    const manager = api.dataSource.manager;
    await manager.save(manager.create(User, { email: newEmail, passwordHash: null, roles: ['customer'], firstName: 'Autre', lastName: 'Compte', phone: null }));
    const conflict = await request(api.server).post('/api/users/confirm-email').send({ token }).expect(409);
    expect(conflict.body).toEqual({
      error: 'Cette adresse e-mail est désormais celle d’un autre compte : elle ne peut plus devenir la vôtre. Demandez le changement vers une autre adresse.',
    });
    expect((await manager.findOneByOrFail(User, { id })).email).toBe(email);
    await login(email, PASSWORD).expect(200);
  });

  it('opens nothing with an expired link, a link of another kind, or a link a later request replaced', async () => {
    const { id, email } = await account();
    const agent = await device(email);
    const first = await askNewAddress(agent, `premiere-${id}@example.org`);
    const second = await askNewAddress(agent, `seconde-${id}@example.org`);
    await request(api.server).post('/api/users/confirm-email').send({ token: first }).expect(404);

    await api.dataSource.manager.update(Token, { kind: 'email_change', email: `seconde-${id}@example.org` }, { expiresAt: new Date(Date.now() - 1000) });
    await request(api.server).post('/api/tokens/email-change-token').send({ token: second }).expect(404);
    await request(api.server).post('/api/users/confirm-email').send({ token: second }).expect(404);

    const user = await api.dataSource.manager.findOneByOrFail(User, { id });
    const reset = await api.app.get(TokensService).issue('password_reset', { email, user });
    await request(api.server).post('/api/users/confirm-email').send({ token: reset }).expect(404);
    await request(api.server).post('/api/tokens/password-reset-token').send({ token: reset }).expect(200);
    expect((await agent.post('/api/users/get-me').expect(200)).body.user.email).toBe(email);
  });

  it('withdraws a pending address change when the password changes, is reset by link, or the account is deactivated', async () => {
    // Someone who knew the password asks to move the account to their address; its owner, told, takes it back.
    const changed = await account();
    const agent = await device(changed.email);
    const beforeChange = await askNewAddress(agent, `intrus-${changed.id}@example.org`);
    await agent.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: NEW_PASSWORD }).expect(200);
    await request(api.server).post('/api/tokens/email-change-token').send({ token: beforeChange }).expect(404);
    await request(api.server).post('/api/users/confirm-email').send({ token: beforeChange }).expect(404);
    await login(changed.email, NEW_PASSWORD).expect(200);

    const reset = await account();
    const beforeReset = await askNewAddress(await device(reset.email), `intrus-${reset.id}@example.org`);
    await request(api.server).post('/api/auth/forgot-password').set('X-Forwarded-For', nextAddress()).send({ email: reset.email }).expect(200);
    const mail = await inbox.waitFor((each) => each.to.includes(reset.email) && each.subject === 'Réinitialisation de votre mot de passe');
    const resetToken = mail.links.find((url) => url.includes('/mot-de-passe-oublie/nouveau-mot-de-passe/'))!.split('/').at(-1)!;
    await request(api.server).post('/api/auth/reset-password').send({ token: resetToken, password: NEW_PASSWORD }).expect(200);
    await request(api.server).post('/api/users/confirm-email').send({ token: beforeReset }).expect(404);
    await login(reset.email, NEW_PASSWORD).expect(200);

    // A deactivated account given back keeps its address.
    const deactivated = await account();
    const beforeDeactivation = await askNewAddress(await device(deactivated.email), `intrus-${deactivated.id}@example.org`);
    const admin = await loggedIn(api, 'admin@demo.hsa-lli.fr');
    await admin.post('/api/users/deactivate').send({ id: deactivated.id }).expect(200);
    await admin.post('/api/users/reactivate').send({ id: deactivated.id }).expect(200);
    await request(api.server).post('/api/users/confirm-email').send({ token: beforeDeactivation }).expect(404);

    for (const { id, email } of [changed, reset, deactivated]) {
      expect((await api.dataSource.manager.findOneByOrFail(User, { id })).email).toBe(email);
    }
  });

  it('takes five address change requests an hour per account, whatever the password, then answers 429 and sends nothing', async () => {
    const { id, email } = await account();
    const agent = await device(email);
    await agent.post('/api/users/change-email').send({ new_email: `sondage-1-${id}@example.org`, password: 'Pas-le-bon-2026' }).expect(400);
    await agent.post('/api/users/change-email').send({ new_email: `sondage-2-${id}@example.org`, password: 'Pas-le-bon-2026' }).expect(400);
    for (const attempt of [3, 4, 5]) await askNewAddress(agent, `sondage-${attempt}-${id}@example.org`);

    const blocked = await agent.post('/api/users/change-email').send({ new_email: `sondage-6-${id}@example.org`, password: PASSWORD }).expect(429);
    expect(blocked.body).toEqual({ error: 'Trop de demandes de changement d’adresse e-mail. Patientez une heure avant d’en faire une nouvelle.' });
    // Whether an address has an account is not told either.
    await agent.post('/api/users/change-email').send({ new_email: 'admin@demo.hsa-lli.fr', password: PASSWORD }).expect(429);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(`sondage-6-${id}@example.org`, 'Confirmez votre nouvelle adresse e-mail')).toEqual([]);

    // Another account counts apart.
    await askNewAddress(await device((await account()).email), `ailleurs-${id}@example.org`);
  });

  it('counts wrong current passwords: the sixth try in a quarter of an hour is refused, the right password too', async () => {
    const { email } = await account();
    const agent = await device(email);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await agent.post('/api/users/change-email').send({ new_email: 'ailleurs@example.org', password: `Essai-${attempt}-2026` }).expect(400);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const wrong = await agent.post('/api/users/change-password').send({ current_password: `Essai-${attempt}-2026`, new_password: NEW_PASSWORD }).expect(400);
      expect(wrong.body).toEqual({ error: TO_CORRECT, fields: { current_password: WRONG_PASSWORD } });
    }
    const blocked = await agent.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: NEW_PASSWORD }).expect(429);
    expect(blocked.body).toEqual({ error: 'Trop de tentatives avec un mot de passe incorrect. Pour votre sécurité, patientez 15 minutes avant de réessayer.' });
    await agent.post('/api/users/change-email').send({ new_email: 'ailleurs@example.org', password: PASSWORD }).expect(429);
    await login(email, NEW_PASSWORD).expect(400);
  });

  it('changes the password with the current one, ending the other sessions only, and tells the owner', async () => {
    const { email } = await account();
    const here = await device(email, WINDOWS_CHROME);
    const phone = await device(email, IPHONE_SAFARI);

    const same = await here.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: PASSWORD }).expect(400);
    expect(same.body).toEqual({ error: TO_CORRECT, fields: { new_password: 'Le nouveau mot de passe doit être différent du mot de passe actuel.' } });
    const weak = await here.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: 'court' }).expect(400);
    expect(weak.body.fields).toEqual({ new_password: 'Le mot de passe doit contenir au moins 12 caractères.' });
    const guessable = await here.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: 'Irigaray2026!' }).expect(400);
    expect(guessable.body.fields.new_password).toMatch(/^Ce mot de passe est trop facile à deviner\./);
    await phone.post('/api/users/sessions').expect(200);

    const changed = await here.post('/api/users/change-password').send({ current_password: PASSWORD, new_password: NEW_PASSWORD }).expect(200);
    expect(changed.body).toEqual({ message: 'Votre mot de passe a été changé. Votre autre appareil connecté a été déconnecté.', ended: 1 });
    await phone.post('/api/users/sessions').expect(401);
    await phone.post('/api/users/get-me').expect(401);
    const left = (await here.post('/api/users/sessions').expect(200)).body.data;
    expect(left).toEqual([expect.objectContaining({ device: 'Chrome sur Windows', current: true })]);

    await login(email, PASSWORD).expect(400);
    await login(email, NEW_PASSWORD).expect(200);
    const told = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Votre mot de passe a été changé');
    expect(told.text).toContain('Si ce n’est pas vous');
    expect(told.text).not.toContain(NEW_PASSWORD);
  });

  it('lists the open sessions with their device and last activity, and ends one or all the others', async () => {
    const { email } = await account();
    const stranger = await account();
    const here = await device(email, WINDOWS_CHROME);
    const phone = await device(email, IPHONE_SAFARI);
    const strangers = await device(stranger.email, LINUX_FIREFOX);

    const { data } = (await here.post('/api/users/sessions').expect(200)).body;
    expect(data).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{64}$/), device: 'Chrome sur Windows', ip: expect.stringMatching(/^192\.0\.2\.\d+$/), created_at: expect.any(String), last_seen_at: expect.any(String), current: true },
      { id: expect.stringMatching(/^[0-9a-f]{64}$/), device: 'Safari sur iPhone', ip: expect.stringMatching(/^192\.0\.2\.\d+$/), created_at: expect.any(String), last_seen_at: expect.any(String), current: false },
    ]);
    const [mine, phones] = data as { id: string; last_seen_at: string }[];
    // An id names a session without opening it.
    expect(mine!.id).not.toContain(sessionIds.get(here));
    await request(api.server).post('/api/users/get-me').set('Cookie', `hsa.sid=${phones!.id}`).expect(401);
    await request(api.server).post('/api/users/get-me').set('Cookie', `hsa.sid=s%3A${phones!.id}.x`).expect(401);

    // Activity is written at most once a minute: a request now leaves it, one two minutes later moves it.
    await phone.post('/api/users/get-me').expect(200);
    expect((await here.post('/api/users/sessions').expect(200)).body.data[1].last_seen_at).toBe(phones!.last_seen_at);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    await phone.post('/api/users/get-me').expect(200);
    const later = (await here.post('/api/users/sessions').expect(200)).body.data;
    expect(Date.parse(later[1].last_seen_at) - Date.parse(phones!.last_seen_at)).toBeGreaterThanOrEqual(2 * 60_000);
    vi.useRealTimers();

    // Another user's session is as unknown as one that does not exist; the current one is ended by logging out.
    const theirs = (await strangers.post('/api/users/sessions').expect(200)).body.data[0].id;
    expect((await here.post('/api/users/sessions/end').send({ id: theirs }).expect(404)).text).toBe('');
    await here.post('/api/users/sessions/end').send({ id: 'f'.repeat(64) }).expect(404);
    await strangers.post('/api/users/get-me').expect(200);
    const unknown = await here.post('/api/users/sessions/end').send({ id: 'pas-un-identifiant' }).expect(400);
    expect(unknown.body.fields).toEqual({ id: 'Cette session est inconnue.' });
    await here.post('/api/users/sessions/end').send({ id: mine!.id }).expect(409);

    expect((await here.post('/api/users/sessions/end').send({ id: phones!.id }).expect(200)).body).toEqual({ id: phones!.id });
    await phone.post('/api/users/get-me').expect(401);
    await here.post('/api/users/sessions/end').send({ id: phones!.id }).expect(404);

    const laptop = await device(email, LINUX_FIREFOX);
    const tablet = await device(email, IPHONE_SAFARI.replace('iPhone; CPU iPhone OS', 'iPad; CPU OS'));
    expect((await here.post('/api/users/sessions').expect(200)).body.data.map((session: { device: string }) => session.device)).toEqual(
      expect.arrayContaining(['Chrome sur Windows', 'Firefox sur Linux', 'Safari sur iPad']),
    );
    expect((await here.post('/api/users/sessions/end-others').expect(200)).body).toEqual({ ended: 2 });
    await laptop.post('/api/users/get-me').expect(401);
    await tablet.post('/api/users/get-me').expect(401);
    await here.post('/api/users/get-me').expect(200);
    expect((await here.post('/api/users/sessions').expect(200)).body.data).toHaveLength(1);
    await strangers.post('/api/users/get-me').expect(200);
  });
});
