import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTable, pagesFor } from '../src/auth/access-rules.js';
import { SESSION_STORE } from '../src/auth/auth.service.js';
import type { RevocableStore } from '../src/auth/sessions/session-stores.js';
import { hashPassword } from '../src/auth/passwords.js';
import { REPO_ROOT } from '../src/paths.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, EMBEDDED_BACKEND, DEMO_PASSWORD, loggedIn, type TestApi } from './backends.js';

const ROLES = ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer'] as const;
const emailOf = (role: string) => `${role}@demo.hsa-lli.fr`;
const NEW_PASSWORD = 'Nouveau-mot-de-passe-2026';
const GUESSABLE = 'Ce mot de passe est trop facile à deviner. Le mot de passe ne doit pas comporter de données personnelles ou liées au site.';

/** A client address of its own, so that each test's failed logins count apart (the API trusts its loopback proxy). */
let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `203.0.113.${(addresses += 1)}` });

function sessionId(cookie: string): string {
  const value = decodeURIComponent(/hsa\.sid=([^;]+)/.exec(cookie)![1]!);
  return value.slice(2, value.lastIndexOf('.'));
}

function cookieOf(response: request.Response): string {
  const cookies = response.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = cookies?.find((line) => line.startsWith('hsa.sid='));
  if (!cookie) throw new Error('No session cookie');
  return cookie;
}

/**
 * The median time of each call over a few tries, the calls taking turns: whatever else the machine does meanwhile
 * (the other test files run beside this one) weighs on both alike.
 */
async function medianDurations(...calls: (() => Promise<unknown>)[]): Promise<number[]> {
  const durations = calls.map((): number[] => []);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    for (const [index, call] of calls.entries()) {
      const start = performance.now();
      await call();
      durations[index]!.push(performance.now() - start);
    }
  }
  return durations.map((times) => times.sort((a, b) => a - b)[2]!);
}

describe.runIf(EMBEDDED_BACKEND)('access rules documentation', () => {
  it('shows the table the API enforces', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'access-rules.md'), 'utf8');
    expect(doc).toContain(accessTable());
  });
});

describe.each(BACKENDS)('authentication on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  /** The session cookie (name=value) of a fresh login. */
  async function loginCookie(email: string): Promise<string> {
    const response = await request(api.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    return cookieOf(response).split(';')[0]!;
  }

  /** An account of the test's own, so that locking it leaves the demo accounts usable. */
  async function createAccount(email: string): Promise<string> {
    const manager = api.dataSource.manager;
    await manager.save(manager.create(User, { email, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ['customer'], firstName: 'Test', lastName: 'Compte', phone: null }));
    return email;
  }

  describe('login', () => {
    it('opens a session: roles, user id, pages and their version, in an httpOnly SameSite cookie', async () => {
      const response = await request(api.server).post('/api/auth/login').send({ email: 'Admin@Demo.hsa-lli.fr ', password: DEMO_PASSWORD }).expect(200);
      expect(response.body).toEqual({ roles: ['admin'], user_id: expect.any(Number), pages: pagesFor(['admin']), version: expect.stringMatching(/^[0-9a-f]{12}$/) });
      const cookie = cookieOf(response);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      expect(cookie).toMatch(/Path=\//);
    });

    it('gives a new session id at each login, and the old one opens nothing', async () => {
      const agent = request.agent(api.server);
      const first = cookieOf(await agent.post('/api/auth/login').send({ email: emailOf('hsa'), password: DEMO_PASSWORD }).expect(200));
      const second = cookieOf(await agent.post('/api/auth/login').send({ email: emailOf('hsa'), password: DEMO_PASSWORD }).expect(200));
      expect(sessionId(second)).not.toBe(sessionId(first));
      const stale = await request(api.server).post('/api/auth/get-roles').set('Cookie', first.split(';')[0]!).expect(200);
      expect(stale.body).toEqual({ roles: [], user_id: null });
    });

    it('names the missing or malformed fields in French', async () => {
      const empty = await request(api.server).post('/api/auth/login').set(fromAddress()).send({}).expect(400);
      expect(empty.body).toEqual({
        error: 'Certaines informations sont à corriger.',
        fields: { email: 'Veuillez saisir votre adresse e-mail.', password: 'Veuillez saisir votre mot de passe.' },
      });
      const malformed = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: 'pas-une-adresse', password: 'x' }).expect(400);
      expect(malformed.body.fields).toEqual({ email: "L'adresse e-mail n'est pas valide." });
      const wrongType = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: ['a'], password: 1 }).expect(400);
      expect(Object.keys(wrongType.body.fields)).toEqual(['email', 'password']);
    });

    it('answers a wrong password and an unknown account the same way, in about the same time', async () => {
      const existing = await createAccount('chrono@example.org');
      const wrong = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: existing, password: 'Mauvais-2026-mdp' }).expect(400);
      const unknown = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: 'personne@example.org', password: 'Mauvais-2026-mdp' }).expect(400);
      expect(wrong.body).toEqual({ error: 'E-mail ou mot de passe incorrect.', fields: { password: 'E-mail ou mot de passe incorrect.' } });
      expect(unknown.body).toEqual(wrong.body);
      // The API answers in about the same time either way: within a factor of two.
      const [known, missing] = (await medianDurations(
        () => request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: existing, password: 'Mauvais-2026-mdp' }),
        () => request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: 'personne@example.org', password: 'Mauvais-2026-mdp' }),
      )) as [number, number];
      expect(missing / known).toBeGreaterThan(0.5);
      expect(missing / known).toBeLessThan(2);
    });

    it('locks an account for a quarter of an hour after five failures, even with the right password then', async () => {
      const target = await createAccount('verrou@example.org');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: target, password: `Essai-${attempt}-incorrect` }).expect(400);
      }
      const locked = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: target, password: DEMO_PASSWORD }).expect(429);
      expect(locked.body).toEqual({ error: 'Trop de tentatives de connexion. Pour votre sécurité, patientez 15 minutes avant de réessayer.' });
    });

    it('stops an address that tries many accounts', async () => {
      const address = { 'X-Forwarded-For': '198.51.100.7' };
      for (let attempt = 0; attempt < 30; attempt += 1) {
        await request(api.server).post('/api/auth/login').set(address).send({ email: `inconnu${attempt}@example.org`, password: 'Essai-incorrect-1' }).expect(400);
      }
      await request(api.server).post('/api/auth/login').set(address).send({ email: emailOf('customer'), password: DEMO_PASSWORD }).expect(429);
      await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: emailOf('customer'), password: DEMO_PASSWORD }).expect(200);
    });
  });

  describe('sessions', () => {
    it('ends the session at logout, and answers the visitor pages', async () => {
      const cookie = await loginCookie(emailOf('coordinator'));
      const roles = await request(api.server).post('/api/auth/get-roles').set('Cookie', cookie).expect(200);
      expect(roles.body.roles).toEqual(['coordinator']);
      const logout = await request(api.server).post('/api/auth/logout').set('Cookie', cookie).expect(200);
      expect(logout.body).toEqual({ pages: pagesFor([]), version: expect.any(String) });
      await request(api.server).get('/api/stats').set('Cookie', cookie).expect(401, { error: 'Unauthorized' });
      expect((await request(api.server).post('/api/auth/get-roles').set('Cookie', cookie).expect(200)).body).toEqual({ roles: [], user_id: null });
    });

    it('treats a forged cookie as no session', async () => {
      for (const cookie of ['hsa.sid=s%3Aforged-session-id.bad-signature', 'hsa.sid=garbage', 'hsa.sid=']) {
        await request(api.server).get('/api/stats').set('Cookie', cookie).expect(401, { error: 'Unauthorized' });
      }
    });

    it('ends a session idle for too long, and any session past its absolute lifetime', async () => {
      const store = api.app.get<RevocableStore>(SESSION_STORE);
      type Stored = Record<string, unknown> & { cookie: { expires?: unknown } };
      const rewrite = async (cookie: string, change: (data: Stored) => void) => {
        const sid = sessionId(cookie);
        const data = await new Promise<Stored>((resolve, reject) =>
          store.get(sid, (error, value) => (error || !value ? reject(error ?? new Error('no session')) : resolve(value as unknown as Stored))),
        );
        change(data);
        await new Promise<void>((resolve, reject) => store.set(sid, data as never, (error) => (error ? reject(error) : resolve())));
      };

      const idle = await loginCookie(emailOf('admin'));
      await request(api.server).get('/api/stats').set('Cookie', idle).expect(200);
      await rewrite(idle, (data) => (data.cookie.expires = new Date(Date.now() - 1000).toISOString()));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await request(api.server).get('/api/stats').set('Cookie', idle).expect(401, { error: 'Unauthorized' });

      const old = await loginCookie(emailOf('admin'));
      await rewrite(old, (data) => (data.loginAt = Date.now() - 13 * 60 * 60_000));
      await request(api.server).get('/api/stats').set('Cookie', old).expect(401, { error: 'Unauthorized' });
    });
  });

  describe('access rules', () => {
    /** Expected status per route family and role; anonymous visitors get 401, roles without the page 403. */
    const FAMILIES = [
      { name: 'reference data', call: (agent: request.Agent) => agent.get('/api/reference'), allowed: ['anonymous', ...ROLES] },
      { name: 'public residences', call: (agent: request.Agent) => agent.post('/api/front/residences/list').send({}), allowed: ['anonymous', ...ROLES] },
      { name: 'contact request reading', call: (agent: request.Agent) => agent.post('/api/contact-forms/get').send({ id: 1 }), allowed: ['admin', 'hsa', 'coordinator'] },
      { name: 'dashboard statistics', call: (agent: request.Agent) => agent.get('/api/stats'), allowed: ['admin', 'hsa', 'coordinator'] },
      { name: 'statistics refresh', call: (agent: request.Agent) => agent.post('/api/stats/refresh'), allowed: ['admin', 'hsa', 'coordinator'], status: 202 },
      { name: 'executive note', call: (agent: request.Agent) => agent.post('/api/goods/1/PDF/executive').send({ id: 1 }), allowed: ['admin', 'hsa', 'coordinator', 'comitee'] },
      { name: 'user invitation', call: (agent: request.Agent) => agent.post('/api/users/invite').send({}), allowed: ['admin'], status: 400 },
    ];

    for (const family of FAMILIES) {
      it(`applies to the ${family.name}`, async () => {
        for (const role of ['anonymous', ...ROLES]) {
          const agent = role === 'anonymous' ? request.agent(api.server) : await loggedIn(api, emailOf(role));
          const response = await family.call(agent);
          const expected = family.allowed.includes(role) ? (family.status ?? 200) : role === 'anonymous' ? 401 : 403;
          expect({ role, status: response.status }).toEqual({ role, status: expected });
          if (expected === 401) expect(response.body).toEqual({ error: 'Unauthorized' });
          if (expected === 403) expect(response.body).toEqual({ error: 'Forbidden' });
        }
      });
    }

    it('answers 404 with no body for a missing resource or route', async () => {
      const admin = await loggedIn(api, emailOf('admin'));
      const missing = await admin.post('/api/goods/424242/PDF/executive').send({ id: 424242 }).expect(404);
      expect(missing.text).toBe('');
      expect((await request(api.server).get('/api/nowhere').expect(404)).text).toBe('');
    });

    it('lists the pages of each role, with a version that changes with the list', async () => {
      const anonymous = await request(api.server).post('/api/auth/get-pages').expect(200);
      expect(anonymous.body.pages).toContain('/login');
      expect(anonymous.body.pages).not.toContain('/admin/accueil');
      // One version per distinct list: roles that may open the same pages share it.
      const versions = new Map([[anonymous.body.version as string, JSON.stringify(anonymous.body.pages)]]);
      for (const role of ROLES) {
        const agent = await loggedIn(api, emailOf(role));
        const { body } = await agent.post('/api/auth/get-pages').expect(200);
        expect(body.pages).toEqual(pagesFor([role]));
        expect(versions.get(body.version) ?? JSON.stringify(body.pages)).toBe(JSON.stringify(body.pages));
        versions.set(body.version, JSON.stringify(body.pages));
        const again = await agent.post('/api/auth/get-pages').expect(200);
        expect(again.body.version).toBe(body.version);
      }
      expect(new Set(versions.values()).size).toBe(versions.size);
      const customer = await loggedIn(api, emailOf('customer'));
      expect((await customer.post('/api/auth/get-pages')).body.pages).toContain('/mes-identifiants');
      expect((await customer.post('/api/auth/get-pages')).body.pages).not.toContain('/admin/accueil');
    });

    it('reports the front-end version', async () => {
      const { body } = await request(api.server).post('/api/get-js-version').expect(200);
      expect(body.version).toMatch(/^1\.0\.1/);
    });
  });

  describe('password reset', () => {
    it('sends a single-use link, sets the new password and ends every session of the account', async () => {
      const email = emailOf('hsa');
      const otherDevice = await loggedIn(api, email);
      const known = await request(api.server).post('/api/auth/forgot-password').set(fromAddress()).send({ email }).expect(200);
      const unknown = await request(api.server).post('/api/auth/forgot-password').set(fromAddress()).send({ email: 'personne@example.org' }).expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.message).toContain('Si un compte correspond à cette adresse');

      const mail = await inbox.waitFor((message) => message.to.includes(email) && message.subject === 'Réinitialisation de votre mot de passe');
      const link = mail.links.find((url) => url.startsWith('http://hsa.test/mot-de-passe-oublie/nouveau-mot-de-passe/'))!;
      const token = link.split('/').at(-1)!;
      expect((await request(api.server).post('/api/tokens/password-reset-token').send({ token }).expect(200)).body).toEqual({ infos: { email, first_name: 'Peio', last_name: 'Larralde' } });

      const weak = await request(api.server).post('/api/auth/reset-password').send({ token, password: 'court' }).expect(400);
      expect(weak.body.fields.password).toBe('Le mot de passe doit contenir au moins 12 caractères.');
      const guessable = await request(api.server).post('/api/auth/reset-password').send({ token, password: 'Biarritz2026!' }).expect(400);
      expect(guessable.body).toEqual({ error: 'Certaines informations sont à corriger.', fields: { password: GUESSABLE } });
      await request(api.server).post('/api/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);

      await otherDevice.get('/api/stats').expect(401);
      await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: DEMO_PASSWORD }).expect(400);
      await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: NEW_PASSWORD }).expect(200);
      await request(api.server).post('/api/tokens/password-reset-token').send({ token }).expect(404);
      await request(api.server).post('/api/auth/reset-password').send({ token, password: 'Encore-un-autre-2026' }).expect(404);
      expect(inbox.messages.some((message) => message.to.includes('personne@example.org'))).toBe(false);
    });

    it('refuses unusable links with 404', async () => {
      for (const token of ['inconnu-mais-bien-forme-123456', 'x', '../../etc/passwd']) {
        await request(api.server).post('/api/tokens/password-reset-token').send({ token }).expect(404);
        await request(api.server).post('/api/tokens/registration-token').send({ token }).expect(404);
      }
    });

    it('limits reset requests from one address', async () => {
      const address = { 'X-Forwarded-For': '198.51.100.99' };
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await request(api.server).post('/api/auth/forgot-password').set(address).send({ email: `x${attempt}@example.org` }).expect(200);
      }
      const refused = await request(api.server).post('/api/auth/forgot-password').set(address).send({ email: 'x@example.org' }).expect(429);
      expect(refused.body.error).toBe('Trop de demandes de réinitialisation. Réessayez dans une heure.');
    });
  });

  describe('invitation', () => {
    it('lets an invited person choose a password and get the invited role, once', async () => {
      const admin = await loggedIn(api, emailOf('admin'));
      const email = 'nouvelle.cliente@example.org';
      await admin.post('/api/users/invite').send({ email, first_name: 'Maite', last_name: 'Oyharçabal', role: 'customer' }).expect(201);
      const duplicate = await admin.post('/api/users/invite').send({ email: emailOf('member'), first_name: 'A', last_name: 'B', role: 'hsa' }).expect(400);
      expect(duplicate.body.fields.email).toBe('Un compte existe déjà avec cette adresse e-mail.');
      const badRole = await admin.post('/api/users/invite').send({ email: 'x@example.org', first_name: 'A', last_name: 'B', role: 'proprietaire' }).expect(400);
      expect(badRole.body.fields.role).toBe('Veuillez choisir un rôle : Support technique, Gestionnaire, Client, Coordinateur, Comité ou Membre du comité.');

      const mail = await inbox.waitFor((message) => message.to.includes(email));
      expect(mail.subject).toBe('Votre accès à HSA Logement intermédiaire');
      const token = mail.links.find((url) => url.startsWith('http://hsa.test/creation-de-compte/'))!.split('/').at(-1)!;
      const check = await request(api.server).post('/api/tokens/registration-token').send({ token }).expect(200);
      expect(check.body).toEqual({ infos: { email, first_name: 'Maite', last_name: 'Oyharçabal', role: 'customer' } });

      const visitor = request.agent(api.server);
      const weak = await visitor.post('/api/auth/register').send({ token, password: 'sanschiffre-ni-majuscule' }).expect(400);
      expect(weak.body.fields.password).toBe('Le mot de passe doit contenir au moins une lettre majuscule.');
      const guessable = await visitor.post('/api/auth/register').send({ token, password: 'Biarritz2026!' }).expect(400);
      expect(guessable.body).toEqual({ error: 'Certaines informations sont à corriger.', fields: { password: GUESSABLE } });
      // The invited person's own name, known from the invitation.
      const ownName = await visitor.post('/api/auth/register').send({ token, password: 'Maite.Oyharcabal1' }).expect(400);
      expect(ownName.body.fields.password).toBe(GUESSABLE);
      const created = await visitor.post('/api/auth/register').send({ token, password: NEW_PASSWORD }).expect(201);
      expect(created.body).toMatchObject({ roles: ['customer'], pages: pagesFor(['customer']) });
      expect((await visitor.post('/api/auth/get-roles')).body.roles).toEqual(['customer']);
      await request(api.server).post('/api/tokens/registration-token').send({ token }).expect(404);
      await request(api.server).post('/api/auth/register').send({ token, password: NEW_PASSWORD }).expect(404);
      await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: NEW_PASSWORD }).expect(200);
    });
  });
});
