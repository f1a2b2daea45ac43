import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORE } from '../src/auth/auth.service.js';
import { hashPassword } from '../src/auth/passwords.js';
import { storedSid, type RevocableStore } from '../src/auth/sessions/session-stores.js';
import { Session } from '../src/auth/sessions/session.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { Image } from '../src/images/entities/image.entity.js';
import { createRedisClient } from '../src/redis/redis.module.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, DEMO_PASSWORD, forgetPublicReads, loggedIn, type TestApi } from './backends.js';

const emailOf = (role: string) => `${role}@demo.hsa-lli.fr`;

/** A client address of its own per call site, so that limits per address count apart. */
let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `198.18.0.${(addresses += 1)}` });

function sessionCookie(response: request.Response): string {
  const cookies = response.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = cookies?.find((line) => line.startsWith('hsa.sid='));
  if (!cookie) throw new Error('No session cookie');
  return cookie.split(';')[0]!;
}

/** The session id inside a signed cookie (`hsa.sid=s:<id>.<signature>`). */
function rawSid(cookie: string): string {
  const value = decodeURIComponent(cookie.slice('hsa.sid='.length));
  return value.slice(2, value.lastIndexOf('.'));
}

/** Every file and folder under a folder, with its permission bits. */
function modesUnder(folder: string): { path: string; mode: number }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    const own = { path, mode: statSync(path).mode & 0o777 };
    return entry.isDirectory() ? [own, ...modesUnder(path)] : [own];
  });
}

describe.each(BACKENDS)('security baseline on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'https://www.hsa-lli.test' });
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  async function createAccount(email: string): Promise<string> {
    const manager = api.dataSource.manager;
    await manager.save(manager.create(User, { email, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ['customer'], firstName: 'Test', lastName: 'Compte', phone: null }));
    return email;
  }

  describe('login limits under concurrency', () => {
    it('checks at most five passwords of one account, however many tries arrive at once', async () => {
      const target = await createAccount('parallele@example.org');
      const tries = Array.from({ length: 60 }, (_, index) =>
        request(api.server)
          .post('/api/auth/login')
          .set(fromAddress())
          .send({ email: target, password: index === 40 ? DEMO_PASSWORD : `Essai-${index}-incorrect` }),
      );
      const statuses = (await Promise.all(tries)).map((response) => response.status);
      expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
      expect(statuses[40]).toBe(429);
      // The account stays closed to the right password until the quarter of an hour is over.
      await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: target, password: DEMO_PASSWORD }).expect(429);
    });

    it('checks at most thirty passwords from one address, however many arrive at once', async () => {
      const address = { 'X-Forwarded-For': '198.18.1.1' };
      const tries = Array.from({ length: 60 }, (_, index) =>
        request(api.server).post('/api/auth/login').set(address).send({ email: `inconnu-${index}@example.org`, password: 'Essai-incorrect-1' }),
      );
      const statuses = (await Promise.all(tries)).map((response) => response.status);
      expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(30);
      await request(api.server).post('/api/auth/login').set(address).send({ email: emailOf('customer'), password: DEMO_PASSWORD }).expect(429);
    });

    it('lets a person who logs in correctly keep their tries', async () => {
      const address = { 'X-Forwarded-For': '198.18.1.2' };
      for (let attempt = 0; attempt < 35; attempt += 1) {
        await request(api.server).post('/api/auth/login').set(address).send({ email: emailOf('member'), password: DEMO_PASSWORD }).expect(200);
      }
    });
  });

  describe('cross-site requests', () => {
    const login = { email: emailOf('customer'), password: DEMO_PASSWORD };

    it('refuses a form another site makes the browser post', async () => {
      const urlencoded = await request(api.server).post('/api/auth/login').set(fromAddress()).type('form').send(login).expect(415);
      expect(urlencoded.body).toEqual({ error: 'Le contenu doit être envoyé au format JSON.' });
      expect(urlencoded.headers['set-cookie']).toBeUndefined();
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Content-Type', 'text/plain').send(JSON.stringify(login)).expect(415);
      await request(api.server)
        .post('/api/contact-forms')
        .set(fromAddress())
        .field('subject', 'infos')
        .field('name', 'Robot')
        .expect(415);
    });

    it('refuses a state-changing call that says it comes from another site, even in JSON', async () => {
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Origin', 'https://pirate.example').send(login).expect(403, { error: 'Forbidden' });
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Origin', 'null').send(login).expect(403);
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Sec-Fetch-Site', 'cross-site').send(login).expect(403);
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Sec-Fetch-Site', 'same-site').send(login).expect(403);
      const agent = await loggedIn(api, emailOf('customer'));
      await agent.post('/api/auth/logout').set('Origin', 'https://pirate.example').expect(403);
      expect((await agent.post('/api/auth/get-roles').expect(200)).body.roles).toEqual(['customer']);
    });

    it('takes the calls of its own pages', async () => {
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Origin', 'https://www.hsa-lli.test').set('Sec-Fetch-Site', 'same-origin').send(login).expect(200);
      const address = new URL(`http://${request(api.server).get('/').url.split('/')[2]}`).host;
      await request(api.server).post('/api/auth/login').set(fromAddress()).set('Origin', `http://${address}`).send(login).expect(200);
      // Reads stay open to links from anywhere.
      await request(api.server).get('/api/health').set('Sec-Fetch-Site', 'cross-site').expect(200);
      // A call without a body needs no content type.
      await request(api.server).post('/api/auth/get-roles').expect(200);
    });
  });

  describe('idle sessions', () => {
    it('are not kept alive by the calls an open page makes on its own', async () => {
      const store = api.app.get<RevocableStore>(SESSION_STORE);
      const login = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: emailOf('admin'), password: DEMO_PASSWORD }).expect(200);
      const cookie = sessionCookie(login);
      const sid = rawSid(cookie);
      // The session is about to reach its idle timeout…
      const data = await new Promise<Record<string, unknown> & { cookie: { expires?: unknown } }>((resolve, reject) =>
        store.get(sid, (error, value) => (error || !value ? reject(error ?? new Error('no session')) : resolve(value as never))),
      );
      data.cookie.expires = new Date(Date.now() + 1500).toISOString();
      await new Promise<void>((resolve, reject) => store.set(sid, data as never, (error) => (error ? reject(error) : resolve())));
      // …while the tab checks the version and reads the settings.
      const version = await request(api.server).post('/api/get-js-version').set('Cookie', cookie).expect(200);
      expect(version.headers['set-cookie']).toBeUndefined();
      await request(api.server).get('/api/front-config').set('Cookie', cookie).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 1700));
      await request(api.server).get('/api/stats').set('Cookie', cookie).expect(401, { error: 'Unauthorized' });
    });
  });

  describe('session ids at rest', () => {
    it('are kept hashed: a copy of the store opens nothing', async () => {
      const cookie = sessionCookie(await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: emailOf('hsa'), password: DEMO_PASSWORD }).expect(200));
      const sid = rawSid(cookie);
      if (api.config.redisUrl) {
        const redis = createRedisClient(api.config.redisUrl);
        const keys = await redis.keys(`${api.config.queuePrefix}:sess:*`);
        await redis.quit();
        expect(keys.some((key) => key.includes(sid))).toBe(false);
        expect(keys).toContain(`${api.config.queuePrefix}:sess:${storedSid(sid)}`);
      } else {
        const rows = await api.dataSource.manager.find(Session);
        expect(rows.some((row) => row.sid === sid)).toBe(false);
        expect(rows.map((row) => row.sid)).toContain(storedSid(sid));
      }
      expect((await request(api.server).post('/api/auth/get-roles').set('Cookie', cookie).expect(200)).body.roles).toEqual(['hsa']);
    });
  });

  describe('invitations', () => {
    const invite = (agent: request.Agent, email: string) =>
      agent.post('/api/users/invite').send({ email, first_name: 'Maite', last_name: 'Irigoyen', role: 'customer' }).expect(201);
    /** The link of the count-th invitation sent to an address. */
    const linkTo = async (email: string, count: number) => {
      const invitations = () => inbox.messages.filter((mail) => mail.to.includes(email) && mail.subject === 'Votre accès à HSA Logement intermédiaire');
      await inbox.waitFor(() => invitations().length >= count);
      return invitations()[count - 1]!.links.find((url) => url.includes('/creation-de-compte/'))!.split('/').at(-1)!;
    };
    const check = (token: string) => request(api.server).post('/api/tokens/registration-token').send({ token });

    it('a new invitation to an address withdraws the earlier ones', async () => {
      const admin = await loggedIn(api, emailOf('admin'));
      await invite(admin, 'maite@example.org');
      const first = await linkTo('maite@example.org', 1);
      await check(first).expect(200);
      const { body } = await admin.post('/api/users/list').send({ search: 'maite@example.org' }).expect(200);
      await admin.post('/api/users/resend-invitation').send({ id: body.data[0].id }).expect(200);
      const second = await linkTo('maite@example.org', 2);
      await check(first).expect(404);
      await check(second).expect(200);
      await request(api.server).post('/api/auth/register').send({ token: first, password: 'Une-phrase-longue-pour-Maite-2026' }).expect(404);
    });

    it('an administrator can withdraw one, and nobody else can', async () => {
      const admin = await loggedIn(api, emailOf('admin'));
      await invite(admin, 'peio@example.org');
      const token = await linkTo('peio@example.org', 1);
      await request(api.server).post('/api/users/withdraw-invitation').send({ email: 'peio@example.org' }).expect(401);
      await (await loggedIn(api, emailOf('hsa'))).post('/api/users/withdraw-invitation').send({ email: 'peio@example.org' }).expect(403);
      await check(token).expect(200);
      const withdrawn = await admin.post('/api/users/withdraw-invitation').send({ email: ' Peio@Example.org ' }).expect(200);
      expect(withdrawn.body).toEqual({ email: 'peio@example.org', withdrawn: 1 });
      await check(token).expect(404);
    });
  });

  describe('e-mail addresses', () => {
    it.each([
      'Victime <victime@example.org>',
      'victime@example.org, autre@example.org',
      'victime@example.org\r\nBcc: autre@example.org',
      'victime\u202E@example.org',
    ])('refuses %j wherever an address is taken', async (email) => {
      const contact = await request(api.server)
        .post('/api/contact-forms')
        .set(fromAddress())
        .send({ subject: 'infos', name: 'Quelqu’un', email, message: 'Un message assez long.', consent: true })
        .expect(400);
      expect(contact.body.fields.email).toBe("L'adresse e-mail n'est pas valide.");
      await request(api.server).post('/api/auth/forgot-password').set(fromAddress()).send({ email }).expect(400);
      const admin = await loggedIn(api, emailOf('admin'));
      await admin.post('/api/users/invite').send({ email, first_name: 'A', last_name: 'B', role: 'customer' }).expect(400);
    });

    it('the contact confirmation repeats nothing the visitor wrote', async () => {
      const message = 'Gagnez un iPhone sur https://arnaque.example maintenant !';
      await request(api.server)
        .post('/api/contact-forms')
        .set(fromAddress())
        .send({ subject: 'infos', name: 'Offre spéciale https://arnaque.example', email: 'cible@example.org', message, consent: true })
        .expect(201);
      const confirmation = await inbox.waitFor((mail) => mail.to.includes('cible@example.org'));
      expect(confirmation.text).not.toContain('arnaque');
    });
  });

  describe('bad input', () => {
    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('answers 404 for the document %j', async (name) => {
      await request(api.server).get(`/api/legal/${name}`).expect(404);
    });

    it('refuses JSON nested thousands of levels deep with 400', async () => {
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      for (const path of ['/api/auth/login', '/api/contact-forms', '/api/eligibility/check', '/api/front/residences/list']) {
        const response = await request(api.server).post(path).set(fromAddress()).set('Content-Type', 'application/json').send(`{"email":${deep}}`).expect(400);
        expect(response.body).toEqual({ error: 'La demande est incorrecte.' });
      }
      const malformed = await request(api.server).post('/api/auth/login').set(fromAddress()).set('Content-Type', 'application/json').send('{"email":').expect(400);
      expect(malformed.body).toEqual({ error: 'La demande est incorrecte.' });
    });

    it.each(['/api/images/%E0%A4%A', '/api/legal/%', '/api/stats/%ZZ/count', '/api/residences/%'])('answers %s with 400 or 404, never 500', async (path) => {
      const admin = await loggedIn(api, emailOf('admin'));
      const response = await admin.get(path);
      expect([400, 404]).toContain(response.status);
    });
  });

  describe('pictures', () => {
    it('of an unpublished residence or a disabled good are shown to catalogue staff only', async () => {
      const manager = api.dataSource.manager;
      const residence = await manager.findOneOrFail(Residence, { where: { status: 'published' }, relations: { photos: true, goods: { images: true } }, order: { id: 'ASC' } });
      const photo = residence.photos[0]!;
      const good = residence.goods.find((candidate) => candidate.enabled && candidate.images.length > 0)!;
      const goodPhoto = good.images[0]!;
      const visitor = request(api.server);
      const customer = await loggedIn(api, emailOf('customer'));
      const hsa = await loggedIn(api, emailOf('hsa'));

      const shown = await visitor.get(`/api/images/${photo.id}?w=500`).expect(200);
      expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      await manager.update(Good, { id: good.id }, { enabled: false });
      await forgetPublicReads(api);
      await visitor.get(`/api/images/${goodPhoto.id}?w=500`).expect(404);
      await customer.get(`/api/images/${goodPhoto.id}?w=500`).expect(404);
      const staffOnly = await hsa.get(`/api/images/${goodPhoto.id}?w=500`).expect(200);
      expect(staffOnly.headers['cache-control']).toBe('private, no-store');
      await visitor.get(`/api/images/${photo.id}?w=500`).expect(200);

      await manager.update(Residence, { id: residence.id }, { status: 'draft' });
      await manager.update(Good, { id: good.id }, { enabled: true });
      await forgetPublicReads(api);
      await visitor.get(`/api/images/${photo.id}?w=500`).expect(404);
      await visitor.get(`/api/images/${goodPhoto.id}?w=500`).expect(404);
      await hsa.get(`/api/images/${photo.id}?w=500`).expect(200);
      await (await loggedIn(api, emailOf('admin'))).get(`/api/images/${goodPhoto.id}`).expect(200);

      await manager.update(Residence, { id: residence.id }, { status: 'published' });
      await visitor.get(`/api/images/${photo.id}?w=500`).expect(200);
      expect(await manager.countBy(Image, { id: photo.id })).toBe(1);
    });
  });

  describe('data at rest', () => {
    it('every file and folder the API writes under DATA_DIR is readable by its account only', async () => {
      // What the API writes: the database, the session secret, pictures and their renditions.
      await request(api.server).get('/api/images/1?w=500').expect(200);
      const files = modesUnder(api.config.dataDir).filter(({ path }) => !path.includes(`${api.config.dataDir}/prerender`));
      expect(files.length).toBeGreaterThan(3);
      expect(files.filter(({ mode }) => (mode & 0o077) !== 0)).toEqual([]);
    });
  });
});

// Without Redis the counters live in the database: the same guarantee on MariaDB, with its own statement.
describe.each(BACKENDS.filter((backend) => backend.server))('login limits in the database, $name without Redis', (backend) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await backend.start({ redisUrl: null });
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('checks at most five passwords of one account, however many tries arrive at once, and starts afresh after a login', async () => {
    const manager = api.dataSource.manager;
    await manager.save(manager.create(User, { email: 'base@example.org', passwordHash: await hashPassword(DEMO_PASSWORD), roles: ['customer'], firstName: 'T', lastName: 'C', phone: null }));
    const login = (password: string) => request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: 'base@example.org', password });
    await login('Essai-incorrect-1').expect(400);
    await login(DEMO_PASSWORD).expect(200);
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, index) => login(`Essai-${index}-incorrect`)))).map((response) => response.status);
    expect(statuses.filter((status) => status !== 429).length).toBe(5);
    await login(DEMO_PASSWORD).expect(429);
  });
});
