import { CONFLICT_MESSAGE } from '@hsa-lli/common/back-office';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Record } from '../src/records/entities/record.entity.js';
import { TokensService } from '../src/tokens/tokens.service.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

const ROLES = ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer'] as const;
const PASSWORD = 'Une-phrase-de-passe-2026';
const DEACTIVATED = 'Ce compte a été désactivé : il ne permet plus de se connecter. Si vous pensez qu’il s’agit d’une erreur, contactez HSA Logement intermédiaire.';

/** A client address of its own per call, so that failed logins count apart. */
let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `198.51.100.${(addresses += 1)}` });

describe.each(BACKENDS)('own account on $name', (backend) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await backend.start();
  });

  afterAll(async () => {
    await api?.stop();
  });

  it.each(ROLES)('gives a %s their own e-mail and name', async (role) => {
    const agent = await loggedIn(api, `${role}@demo.hsa-lli.fr`);
    const response = await agent.post('/api/users/get-me').expect(200);
    expect(response.body).toEqual({
      user: { id: expect.any(Number), email: `${role}@demo.hsa-lli.fr`, first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect((await agent.post('/api/auth/get-roles').expect(200)).body.user_id).toBe(response.body.user.id);
  });

  it('answers 401 to a visitor', async () => {
    const response = await request(api.server).post('/api/users/get-me').expect(401);
    expect(response.body.user).toBeUndefined();
  });
});

describe.each(BACKENDS)('accounts managed by administrators on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let admin: Agent;
  let adminId: number;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    agents = await agentsByRole(api);
    admin = agents.admin;
    adminId = (await admin.post('/api/auth/get-roles').expect(200)).body.user_id;
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  /** The link of the count-th invitation sent to an address. */
  async function linkTo(email: string, count = 1): Promise<string> {
    const invitations = () => inbox.messages.filter((mail) => mail.to.includes(email) && mail.subject === 'Votre accès à HSA Logement intermédiaire');
    await inbox.waitFor(() => invitations().length >= count);
    return invitations()[count - 1]!.links.find((url) => url.startsWith('http://hsa.test/creation-de-compte/'))!.split('/').at(-1)!;
  }

  const create = (email: string, role = 'customer') => admin.post('/api/users/create').send({ email, first_name: 'Maite', last_name: 'Irigoyen', role });
  const linkWorks = async (token: string) => (await request(api.server).post('/api/tokens/registration-token').send({ token })).status === 200;

  /** Creates an account by invitation and registers it through the e-mailed link; answers its id and a logged-in agent. */
  async function registered(email: string, role = 'customer'): Promise<{ id: number; agent: request.Agent }> {
    const { body } = await create(email, role).expect(201);
    const agent = request.agent(api.server);
    await agent.post('/api/auth/register').send({ token: await linkTo(email), password: PASSWORD }).expect(201);
    return { id: body.user.id, agent };
  }

  it('opens every call to administrators only', async () => {
    const { body } = await create('acces@example.org').expect(201);
    const { id, version } = body.user;
    for (const [path, payload] of [
      ['/api/users/list', {}],
      ['/api/users/get-one', { id }],
      ['/api/users/update', { id, version, first_name: 'Maite', last_name: 'Irigoyen', roles: ['customer'] }],
      ['/api/users/create', { email: 'acces-2@example.org', first_name: 'A', last_name: 'B', role: 'hsa' }],
      ['/api/users/invite', { email: 'acces-3@example.org', first_name: 'A', last_name: 'B', role: 'hsa' }],
      ['/api/users/withdraw-invitation', { email: 'personne@example.org' }],
    ] as const) {
      await expectOnlyFor(api, agents, path, payload, ['admin']);
    }
    for (const action of ['deactivate', 'reactivate', 'resend-invitation', 'delete']) {
      await expectOnlyFor(api, agents, `/api/users/${action}`, { id: 999_999 }, ['admin']);
    }
  });

  it('answers 404 with no body for an unknown id', async () => {
    for (const action of ['get-one', 'deactivate', 'reactivate', 'resend-invitation', 'delete']) {
      const missing = await admin.post(`/api/users/${action}`).send({ id: 999_999 }).expect(404);
      expect(missing.text).toBe('');
    }
    const update = await admin.post('/api/users/update').send({ id: 999_999, version: 1, first_name: 'A', last_name: 'B', roles: ['hsa'] }).expect(404);
    expect(update.text).toBe('');
  });

  it('lists with role and state filters, a search, a sort and pages', async () => {
    await create('liste-invitee@example.org', 'hsa').expect(201);
    const all = (await admin.post('/api/users/list').send({ per_page: 100 }).expect(200)).body;
    expect(all.total).toBe(all.data.length);
    const names = all.data.map((user: { last_name: string }) => user.last_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    const demoAdmin = all.data.find((user: { email: string }) => user.email === 'admin@demo.hsa-lli.fr');
    expect(demoAdmin).toEqual({
      id: adminId,
      email: 'admin@demo.hsa-lli.fr',
      first_name: 'Maialen',
      last_name: 'Etcheverry',
      roles: ['admin'],
      state: 'active',
      last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: expect.any(Number),
      invitation: null,
    });

    const hsa = (await admin.post('/api/users/list').send({ filters: { role: 'hsa' }, per_page: 100 }).expect(200)).body;
    const hsaEmails = hsa.data.map((user: { email: string }) => user.email);
    expect(hsaEmails).toEqual(expect.arrayContaining(['hsa@demo.hsa-lli.fr', 'liste-invitee@example.org']));
    expect(hsa.data.every((user: { roles: string[] }) => user.roles.includes('hsa'))).toBe(true);
    expect(hsa.total).toBe(all.data.filter((user: { roles: string[] }) => user.roles.includes('hsa')).length);
    const invited = (await admin.post('/api/users/list').send({ filters: { role: 'hsa', state: 'invited' }, search: 'liste-' }).expect(200)).body;
    expect(invited.data).toEqual([
      expect.objectContaining({
        email: 'liste-invitee@example.org',
        state: 'invited',
        last_login_at: null,
        invitation: { sent_at: expect.any(String), expires_at: expect.any(String), expired: false },
      }),
    ]);
    const sentAt = Date.parse(invited.data[0].invitation.sent_at);
    expect(Math.abs(Date.parse(invited.data[0].invitation.expires_at) - sentAt - 7 * 24 * 60 * 60_000)).toBeLessThan(2000);
    const active = (await admin.post('/api/users/list').send({ filters: { state: 'active' }, per_page: 100 }).expect(200)).body;
    expect(active.data.every((user: { state: string }) => user.state === 'active')).toBe(true);
    expect(active.total).toBeGreaterThanOrEqual(ROLES.length);

    // Search in first name, last name and e-mail, whatever the case.
    for (const search of ['MAIALEN', 'etchever', 'admin@demo']) {
      const found = (await admin.post('/api/users/list').send({ search }).expect(200)).body;
      expect(found.data.map((user: { id: number }) => user.id), search).toEqual([adminId]);
    }
    expect((await admin.post('/api/users/list').send({ search: '%' }).expect(200)).body.total).toBe(0);

    const byEmail = (await admin.post('/api/users/list').send({ sort: { column: 'email', direction: 'desc' }, per_page: 10 }).expect(200)).body;
    const emails = byEmail.data.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const second = (await admin.post('/api/users/list').send({ sort: { column: 'email', direction: 'desc' }, per_page: 10, page: 2 }).expect(200)).body;
    expect(second.data.map((user: { email: string }) => user.email)).not.toContain(emails[0]);
    const newest = (await admin.post('/api/users/list').send({ sort: { column: 'created_at', direction: 'desc' }, per_page: 10 }).expect(200)).body;
    expect(Date.parse(newest.data[0].created_at)).toBeGreaterThanOrEqual(Date.parse(newest.data.at(-1).created_at));
    const lastLogin = (await admin.post('/api/users/list').send({ sort: { column: 'last_login_at', direction: 'desc' }, per_page: 100 }).expect(200)).body;
    const logins = lastLogin.data.map((user: { last_login_at: string | null }) => (user.last_login_at ? Date.parse(user.last_login_at) : 0));
    expect(logins).toEqual([...logins].sort((a, b) => b - a));
  });

  it('refuses bad list requests with French messages', async () => {
    const { body } = await admin
      .post('/api/users/list')
      .send({ filters: { role: 'owner', state: 'banned' }, sort: { column: 'password_hash', direction: 'asc' }, per_page: 7 })
      .expect(400);
    expect(Object.keys(body.fields).sort()).toEqual(['filters.role', 'filters.state', 'per_page', 'sort.column']);
    expect(body.fields['filters.role']).toBe('Choisissez un rôle parmi : Support technique, Gestionnaire, Client, Coordinateur, Comité, Membre du comité.');
    const state = await admin.post('/api/users/list').send({ filters: { state: 'banned' } }).expect(400);
    expect(state.body.fields['filters.state']).toBe('Choisissez l’état : invitation en attente, actif ou désactivé.');
  });

  it('creates an account by invitation at once, which the invited person then registers', async () => {
    const email = 'nouvelle.gestionnaire@example.org';
    const { body } = await admin.post('/api/users/create').send({ email: ' Nouvelle.Gestionnaire@Example.org ', first_name: ' Ane ', last_name: 'Bidart', role: 'hsa' }).expect(201);
    expect(body.user).toMatchObject({ email, first_name: 'Ane', last_name: 'Bidart', roles: ['hsa'], state: 'invited', last_login_at: null });
    expect(body.user.invitation).toMatchObject({ expired: false });
    expect(body.history).toEqual([
      expect.objectContaining({
        action: 'Création et invitation',
        actor: 'Maialen Etcheverry',
        changes: [
          { field: 'email', before: null, after: email },
          { field: 'first_name', before: null, after: 'Ane' },
          { field: 'last_name', before: null, after: 'Bidart' },
          { field: 'roles', before: null, after: ['hsa'] },
        ],
      }),
    ]);
    const token = await linkTo(email);
    const duplicate = await admin.post('/api/users/create').send({ email, first_name: 'A', last_name: 'B', role: 'customer' }).expect(400);
    expect(duplicate.body.fields).toEqual({ email: 'Un compte existe déjà avec cette adresse e-mail.' });
    const invited = await admin.post('/api/users/invite').send({ email, first_name: 'A', last_name: 'B', role: 'customer' }).expect(400);
    expect(invited.body.fields).toEqual({ email: 'Un compte existe déjà avec cette adresse e-mail.' });
    // An invited account has no password: it cannot log in, nor ask for a reset link.
    await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: PASSWORD }).expect(400);
    await request(api.server).post('/api/auth/forgot-password').set(fromAddress()).send({ email }).expect(200);
    await expect(inbox.waitFor((mail) => mail.to.includes(email) && mail.subject.includes('Réinitialisation'), 1500)).rejects.toThrow();

    // The names an administrator corrects before registration are the account's.
    await admin.post('/api/users/update').send({ id: body.user.id, version: body.user.version, first_name: 'Ane', last_name: 'Bidart-Etxeberri', roles: ['hsa'] }).expect(200);
    const visitor = request.agent(api.server);
    const registration = await visitor.post('/api/auth/register').send({ token, password: PASSWORD }).expect(201);
    expect(registration.body).toMatchObject({ roles: ['hsa'], user_id: body.user.id });
    expect((await visitor.post('/api/users/get-me').expect(200)).body.user).toEqual({ id: body.user.id, email, first_name: 'Ane', last_name: 'Bidart-Etxeberri' });
    const after = (await admin.post('/api/users/get-one').send({ id: body.user.id }).expect(200)).body;
    expect(after.user).toMatchObject({ state: 'active', invitation: null, last_login_at: expect.any(String) });
    expect(after.history[0]).toMatchObject({ action: 'Inscription', actor: 'La plateforme', changes: [{ field: 'state', before: 'invited', after: 'active' }] });
  });

  it('creates one account when two administrators invite the same address at once', async () => {
    const statuses = await Promise.all([1, 2, 3].map(async () => (await create('en-meme-temps@example.org')).status));
    expect(statuses.sort()).toEqual([201, 400, 400]);
    expect((await admin.post('/api/users/list').send({ search: 'en-meme-temps@' }).expect(200)).body.total).toBe(1);
  });

  it.each(['coordinator', 'comitee', 'member'] as const)('invites a %s, who registers and reaches their area', async (role) => {
    const email = `invitation-${role}@example.org`;
    const { id, agent } = await registered(email, role);
    const roles = (await agent.post('/api/auth/get-roles').expect(200)).body;
    expect(roles).toMatchObject({ roles: [role], user_id: id });
    const { pages } = (await agent.post('/api/auth/get-pages').expect(200)).body;
    expect(pages).toContain(role === 'coordinator' ? '/admin/accueil' : '/gestion/recommandations');
    expect(pages).toContain('/mes-identifiants');
    expect(pages).not.toContain('/mon-compte-hsa-lli');
  });

  it('validates the creation in French', async () => {
    const { body } = await admin.post('/api/users/create').send({ email: 'pas-une-adresse', first_name: ' ', last_name: 'x'.repeat(101), role: 'visiteur' }).expect(400);
    expect(body.fields).toEqual({
      email: "L'adresse e-mail n'est pas valide.",
      first_name: 'Veuillez saisir le prénom.',
      last_name: 'Le nom ne peut pas dépasser 100 caractères.',
      role: 'Veuillez choisir un rôle : Support technique, Gestionnaire, Client, Coordinateur, Comité ou Membre du comité.',
    });
  });

  it('still registers an invitation sent before accounts were created with it', async () => {
    const email = 'ancienne.invitation@example.org';
    const token = await api.app.get(TokensService).issue('registration', { email, firstName: 'Garazi', lastName: 'Haran', role: 'customer' });
    const visitor = request.agent(api.server);
    const registration = await visitor.post('/api/auth/register').send({ token, password: PASSWORD }).expect(201);
    const { user, history } = (await admin.post('/api/users/get-one').send({ id: registration.body.user_id }).expect(200)).body;
    expect(user).toMatchObject({ email, first_name: 'Garazi', last_name: 'Haran', roles: ['customer'], state: 'active' });
    expect(history).toEqual([expect.objectContaining({ action: 'Inscription', actor: 'La plateforme' })]);
  });

  it('records each login, without moving the version an administrator edits', async () => {
    const { id, agent } = await registered('connexions@example.org');
    const before = (await admin.post('/api/users/get-one').send({ id }).expect(200)).body.user;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email: 'connexions@example.org', password: PASSWORD }).expect(200);
    const after = (await admin.post('/api/users/get-one').send({ id }).expect(200)).body.user;
    expect(Date.parse(after.last_login_at)).toBeGreaterThan(Date.parse(before.last_login_at));
    expect(after.version).toBe(before.version);
    await agent.post('/api/users/get-me').expect(200);
  });

  it('changes names and roles with history, and refuses a save made on an older version', async () => {
    const { id, agent } = await registered('roles@example.org');
    const read = (await admin.post('/api/users/get-one').send({ id }).expect(200)).body;
    const updated = (
      await admin.post('/api/users/update').send({ id, version: read.user.version, first_name: 'Maite', last_name: 'Irigoyen', roles: ['member', 'coordinator', 'member'] }).expect(200)
    ).body;
    expect(updated.user.roles).toEqual(['coordinator', 'member']);
    expect(updated.history[0]).toMatchObject({ action: 'Modification', actor: 'Maialen Etcheverry', changes: [{ field: 'roles', before: ['customer'], after: ['coordinator', 'member'] }] });
    // The user's next call already has the new roles.
    expect((await agent.post('/api/auth/get-roles').expect(200)).body.roles).toEqual(['coordinator', 'member']);

    const late = await admin.post('/api/users/update').send({ id, version: read.user.version, first_name: 'Autre', last_name: 'Nom', roles: ['hsa'] }).expect(409);
    expect(late.body).toEqual({ error: CONFLICT_MESSAGE, code: 'stale_version' });
    expect((await admin.post('/api/users/get-one').send({ id }).expect(200)).body.user.first_name).toBe('Maite');
  });

  it('validates the account form in French', async () => {
    const { body } = await admin.post('/api/users/update').send({ id: adminId, version: 0, first_name: '', last_name: ' ', roles: [], email: 'x@example.org' }).expect(400);
    expect(body.fields).toEqual({
      version: 'La version de la fiche est manquante : rechargez la page.',
      first_name: 'Veuillez saisir le prénom.',
      last_name: 'Veuillez saisir le nom.',
      roles: 'Choisissez au moins un rôle.',
      email: "Ce champ n'est pas attendu.",
    });
    const unknown = await admin.post('/api/users/update').send({ id: adminId, version: 1, first_name: 'A', last_name: 'B', roles: ['owner'] }).expect(400);
    expect(unknown.body.fields.roles).toBe('Choisissez un rôle parmi : Support technique, Gestionnaire, Client, Coordinateur, Comité, Membre du comité.');
  });

  it('keeps an administrator from taking away their own admin role or deactivating themselves', async () => {
    const { user } = (await admin.post('/api/users/get-one').send({ id: adminId }).expect(200)).body;
    const own = await admin.post('/api/users/update').send({ id: adminId, version: user.version, first_name: user.first_name, last_name: user.last_name, roles: ['hsa'] }).expect(400);
    expect(own.body.fields).toEqual({ roles: 'Vous ne pouvez pas retirer votre propre rôle « Support technique » : un autre administrateur peut le faire.' });
    const added = await admin.post('/api/users/update').send({ id: adminId, version: user.version, first_name: user.first_name, last_name: user.last_name, roles: ['admin', 'hsa'] }).expect(200);
    expect(added.body.user.roles).toEqual(['admin', 'hsa']);
    const self = await admin.post('/api/users/deactivate').send({ id: adminId }).expect(409);
    expect(self.body).toEqual({ error: 'Vous ne pouvez pas désactiver votre propre compte : un autre administrateur peut le faire.' });
    await admin.post('/api/users/get-me').expect(200);
  });

  it('deactivates an account: its sessions end at once and its login is refused after a correct password only', async () => {
    const email = 'desactivee@example.org';
    const { id, agent } = await registered(email);
    const second = await loggedIn(api, email, PASSWORD);
    // A session left idle while the account is deactivated, then reactivated.
    const idle = await loggedIn(api, email, PASSWORD);
    await agent.post('/api/users/get-me').expect(200);

    const deactivated = (await admin.post('/api/users/deactivate').send({ id }).expect(200)).body;
    expect(deactivated.user.state).toBe('deactivated');
    expect(deactivated.history[0]).toMatchObject({ action: 'Désactivation', changes: [{ field: 'state', before: 'active', after: 'deactivated' }] });
    for (const session of [agent, second]) {
      expect((await session.post('/api/users/get-me').expect(401)).body).toEqual({ error: 'Unauthorized' });
      expect((await session.post('/api/auth/get-roles').expect(200)).body.roles).toEqual([]);
    }
    const refused = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: PASSWORD }).expect(400);
    expect(refused.body).toEqual({ error: DEACTIVATED });
    const wrong = await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: 'Pas-le-bon-2026' }).expect(400);
    expect(wrong.body.error).toBe('E-mail ou mot de passe incorrect.');
    expect((await admin.post('/api/users/deactivate').send({ id }).expect(409)).body).toEqual({ error: 'Ce compte est déjà désactivé.' });

    const reactivated = (await admin.post('/api/users/reactivate').send({ id }).expect(200)).body;
    expect(reactivated.user.state).toBe('active');
    expect(reactivated.history[0]).toMatchObject({ action: 'Réactivation', changes: [{ field: 'state', before: 'deactivated', after: 'active' }] });
    // The sessions open before the deactivation stay closed, even one that made no call meanwhile: only a new login opens one.
    await agent.post('/api/users/get-me').expect(401);
    await idle.post('/api/users/get-me').expect(401);
    await request(api.server).post('/api/auth/login').set(fromAddress()).send({ email, password: PASSWORD }).expect(200);
    expect((await admin.post('/api/users/reactivate').send({ id }).expect(409)).body).toEqual({ error: 'Ce compte est déjà actif.' });
  });

  it('deactivating an invited account kills its link; reactivated, it waits for a new one', async () => {
    const email = 'invitee-desactivee@example.org';
    const { body } = await create(email).expect(201);
    const token = await linkTo(email);
    await admin.post('/api/users/deactivate').send({ id: body.user.id }).expect(200);
    expect(await linkWorks(token)).toBe(false);
    await request(api.server).post('/api/auth/register').send({ token, password: PASSWORD }).expect(404);
    const refused = await admin.post('/api/users/resend-invitation').send({ id: body.user.id }).expect(409);
    expect(refused.body.error).toBe('Ce compte est désactivé : réactivez-le avant de renvoyer l’invitation.');
    const reactivated = (await admin.post('/api/users/reactivate').send({ id: body.user.id }).expect(200)).body.user;
    expect(reactivated).toMatchObject({ state: 'invited', invitation: null });
    await admin.post('/api/users/resend-invitation').send({ id: body.user.id }).expect(200);
    expect(await linkWorks(await linkTo(email, 2))).toBe(true);
  });

  it('resends an invitation: a new link, the older ones dead; withdraws one', async () => {
    const email = 'relance@example.org';
    const { body } = await create(email).expect(201);
    const first = await linkTo(email);
    const resent = (await admin.post('/api/users/resend-invitation').send({ id: body.user.id }).expect(200)).body;
    expect(resent.history[0]).toMatchObject({ action: 'Invitation renvoyée', actor: 'Maialen Etcheverry' });
    const second = await linkTo(email, 2);
    expect(await linkWorks(first)).toBe(false);
    expect(await linkWorks(second)).toBe(true);
    expect(Date.parse(resent.user.invitation.sent_at)).toBeGreaterThanOrEqual(Date.parse(body.user.invitation.sent_at));

    expect((await admin.post('/api/users/withdraw-invitation').send({ email }).expect(200)).body).toEqual({ email, withdrawn: 1 });
    expect(await linkWorks(second)).toBe(false);
    const withdrawn = (await admin.post('/api/users/get-one').send({ id: body.user.id }).expect(200)).body;
    expect(withdrawn.user).toMatchObject({ state: 'invited', invitation: null });
    expect(withdrawn.history[0]).toMatchObject({ action: 'Invitation retirée' });

    const active = await admin.post('/api/users/resend-invitation').send({ id: adminId }).expect(409);
    expect(active.body.error).toBe('Maialen Etcheverry a déjà choisi son mot de passe : son compte n’attend plus d’invitation.');
  });

  it('deletes only an account never registered that no file names, and kills its links', async () => {
    const email = 'a-supprimer@example.org';
    const { body } = await create(email).expect(201);
    const token = await linkTo(email);
    expect((await admin.post('/api/users/delete').send({ id: body.user.id }).expect(200)).body).toEqual({ id: body.user.id });
    await admin.post('/api/users/get-one').send({ id: body.user.id }).expect(404);
    expect(await linkWorks(token)).toBe(false);
    // The address is free again.
    await create(email).expect(201);

    const customer = (await admin.post('/api/users/list').send({ search: 'customer@demo' }).expect(200)).body.data[0];
    const used = await admin.post('/api/users/delete').send({ id: customer.id }).expect(409);
    expect(used.body.error).toBe(
      'Le compte de Lucas Bergeret a déjà servi : il ne peut pas être supprimé. Désactivez-le plutôt : ses connexions seront fermées et il ne pourra plus se connecter.',
    );

    const named = (await create('citee@example.org').expect(201)).body.user;
    const record = await api.dataSource.manager.findOneOrFail(Record, { where: {} });
    await api.dataSource.manager.update(Record, { id: record.id }, { user: { id: named.id } });
    const cited = await admin.post('/api/users/delete').send({ id: named.id }).expect(409);
    expect(cited.body.error).toBe(
      'Le compte de Maite Irigoyen est cité par 1 dossier : il ne peut pas être supprimé. Désactivez-le plutôt : ses connexions seront fermées et il ne pourra plus se connecter.',
    );
    await admin.post('/api/users/get-one').send({ id: named.id }).expect(200);
  });
});
