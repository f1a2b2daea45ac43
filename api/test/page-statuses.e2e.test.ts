/**
 * The HTTP status of the front pages the one-origin server answers with the shell: a residence, a good or an e-mailed
 * link that is not there gets 404 (its page says « Page introuvable »), not 200; the login page's return address is
 * the page's business, never a redirect of the server's.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { TokensService } from '../src/tokens/tokens.service.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

describe.each(BACKENDS)('the status of the front pages on $name', (backend) => {
  let api: TestApi;
  let residence: Residence;
  let good: Good;

  beforeAll(async () => {
    api = await backend.start({ serveApps: true });
    residence = await api.dataSource.manager.findOneByOrFail(Residence, { status: 'published' });
    good = await api.dataSource.manager.findOneOrFail(Good, { where: { residence: { id: residence.id }, enabled: true }, relations: { residence: true } });
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
  });

  /** A page as a browser asks for it: its status, and the shell that shows it (its message drawn by the page). */
  async function statusOf(path: string): Promise<number> {
    const response = await request(api.server).get(path).set('Accept', 'text/html');
    expect(response.headers['content-type'], path).toMatch(/^text\/html/);
    expect(response.text, path).toContain('<div id="root">');
    expect(response.headers.location, path).toBeUndefined();
    return response.status;
  }

  it('answers a residence and a good visitors may see with 200, and one they may not with 404', async () => {
    const goodPath = `/residences/${residence.slug}/${good.slug}/${good.id}`;
    expect(await statusOf(`/residences/${residence.slug}`)).toBe(200);
    expect(await statusOf(goodPath)).toBe(200);
    // Reached under another address, the good's page sends the visitor to its own: the page is there.
    expect(await statusOf(`/residences/une-autre-residence/${good.slug}/${good.id}`)).toBe(200);

    expect(await statusOf('/residences/residence-inconnue')).toBe(404);
    expect(await statusOf('/residences/%E9')).toBe(404);
    expect(await statusOf(`/residences/${residence.slug}/${good.slug}/999999`)).toBe(404);
    expect(await statusOf(`/residences/${residence.slug}/${good.slug}/pas-un-numero`)).toBe(404);
    expect(await statusOf(`/residences/${residence.slug}/${good.slug}/0`)).toBe(404);

    const draft = await api.dataSource.manager.findOneBy(Residence, { status: 'draft' });
    if (draft) expect(await statusOf(`/residences/${draft.slug}`)).toBe(404);
    // A good disabled is no longer public: 404, as its page says.
    await api.dataSource.manager.update(Good, { id: good.id }, { enabled: false });
    try {
      expect(await statusOf(goodPath)).toBe(404);
    } finally {
      await api.dataSource.manager.update(Good, { id: good.id }, { enabled: true });
    }
    expect(await statusOf(goodPath)).toBe(200);
  });

  it('answers an e-mailed link with 200 while it is usable, and 404 once it is not or never was', async () => {
    const tokens = api.app.get(TokensService);
    const customer = await api.dataSource.manager.findOneByOrFail(User, { email: 'customer@demo.hsa-lli.fr' });
    const unknown = 'a'.repeat(43);

    const invitation = await tokens.issue('registration', { email: 'statut.invitation@example.org', firstName: 'Ane', lastName: 'Bidart', role: 'member' });
    expect(await statusOf(`/creation-de-compte/${invitation}`)).toBe(200);
    expect(await statusOf(`/creation-de-compte/${unknown}`)).toBe(404);
    expect(await statusOf('/creation-de-compte/trop-court')).toBe(404);

    const reset = await tokens.issue('password_reset', { email: customer.email, user: customer });
    expect(await statusOf(`/mot-de-passe-oublie/nouveau-mot-de-passe/${reset}`)).toBe(200);
    expect(await statusOf(`/mot-de-passe-oublie/nouveau-mot-de-passe/${unknown}`)).toBe(404);

    const change = await tokens.issue('email_change', { email: 'statut.nouvelle-adresse@example.org', user: customer });
    expect(await statusOf(`/mes-identifiants/nouvelle-adresse/${change}`)).toBe(200);
    expect(await statusOf(`/mes-identifiants/nouvelle-adresse/${unknown}`)).toBe(404);
    // A link of another kind opens nothing here either.
    expect(await statusOf(`/mes-identifiants/nouvelle-adresse/${reset}`)).toBe(404);

    const owner = await loggedIn(api, 'customer@demo.hsa-lli.fr');
    const { url } = (await owner.post('/api/records/upload-links/create').send({}).expect(201)).body as { url: string };
    const shared = new URL(url).pathname;
    const [, , recordId, secret] = shared.split('/');
    expect(await statusOf(shared)).toBe(200);
    expect(await statusOf(`/deversement-de-pieces/${recordId}/${unknown}`)).toBe(404);
    expect(await statusOf(`/deversement-de-pieces/${Number(recordId) + 1000}/${secret}`)).toBe(404);
    expect(await statusOf(`/deversement-de-pieces/pas-un-numero/${secret}`)).toBe(404);

    // Used or withdrawn, a link answers 404 as an unknown one does.
    await tokens.withdrawPending('registration', 'statut.invitation@example.org');
    expect(await statusOf(`/creation-de-compte/${invitation}`)).toBe(404);
    const { data } = (await owner.post('/api/records/upload-links/list').send({}).expect(200)).body as { data: { id: number }[] };
    for (const link of data) await owner.post('/api/records/upload-links/withdraw').send({ id: link.id }).expect(200);
    expect(await statusOf(shared)).toBe(404);
  });

  it('keeps the 404 of a path no page answers, and the 200 of a page that names nothing', async () => {
    expect(await statusOf('/cette-page-n-existe-pas')).toBe(404);
    expect(await statusOf('/residences/une/deux')).toBe(404);
    expect(await statusOf('/')).toBe(200);
    expect(await statusOf('/residences')).toBe(200);
    expect(await statusOf('/tester-mon-eligibilite')).toBe(200);
  });

  it('tells the gateway the same, in the codes its auth_request reads: 204 for a page, 403 for a missing one', async () => {
    const asked = async (path: string) => {
      const response = await request(api.server).get('/api/pages/status').set('X-Original-URI', path).expect((answer) => expect([204, 401, 403]).toContain(answer.status));
      expect(response.headers['cache-control']).toBe('no-store');
      return response.status;
    };
    for (const path of ['/', '/residences', `/residences/${residence.slug}`, `/residences/${residence.slug}/${good.slug}/${good.id}?from=list`, '/residences/residence-inconnue', '/cette-page-n-existe-pas', '/creation-de-compte/trop-court']) {
      expect(await asked(path), path).toBe((await statusOf(path.split('?')[0]!)) === 200 ? 204 : 403);
    }
    // A file is never a page: the shell's server answers it as it is.
    expect(await asked('/main.0123456789abcdef0123.js')).toBe(204);
    expect(await asked('')).toBe(204);
  });

  it('serves the login page whatever it is asked to come back to: the page checks that, the server never redirects', async () => {
    for (const back of ['/mes-identifiants', '//evil.example', 'https://evil.example', '/\\evil.example']) {
      expect(await statusOf(`/login?retour=${encodeURIComponent(back)}`), back).toBe(200);
    }
  });
});
