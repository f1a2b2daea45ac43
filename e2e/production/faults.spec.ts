import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { emailOf, expect, loginAs, test, DEMO_PASSWORD } from '../support/fixtures.ts';
import { PRODUCTION, service } from './shape.ts';

/** A session of the demo account, as a Cookie header, logged in through the gateway. */
async function session(email: string): Promise<string> {
  const response = await fetch(`${PRODUCTION.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PRODUCTION.origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** A call through the gateway with that session: its status (0 when no answer came). */
async function call(cookie: string, path: string, body: object = {}): Promise<number> {
  try {
    const response = await fetch(`${PRODUCTION.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PRODUCTION.origin, Cookie: cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

test.describe.serial('the production shape, when its parts fail', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(PRODUCTION.smtpPort);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('a remote’s server stopped: its pages say « Veuillez recharger la page. », every other area works', async ({ page }) => {
    await loginAs(page, emailOf('admin'));
    await service('mf-admin', 'stop');
    try {
      await page.goto('/admin/accueil');
      await expect(page.getByText('Veuillez recharger la page.')).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se loger entre océan et montagne, à un loyer maîtrisé');
      await page.goto('/mes-identifiants');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes identifiants');
      await page.goto('/PDF/note-de-direction/1');
      await expect(page.getByText('Note de direction', { exact: true })).toBeVisible();
    } finally {
      await service('mf-admin', 'start');
    }
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  });

  test('an API process killed under traffic: nothing lost beyond the requests it was answering, sessions kept', async () => {
    test.slow();
    const cookie = await session(emailOf('customer'));
    const statuses: number[] = [];
    let going = true;
    // Eight visitors and customers at once, each asking again as soon as answered.
    const traffic = Array.from({ length: 8 }, async (_, index) => {
      while (going) statuses.push(await call(cookie, index % 2 === 0 ? '/api/records/get-mine' : '/api/front/residences/list'));
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = statuses.length;
    await service('api-1', 'kill');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    going = false;
    await Promise.all(traffic);
    const failed = statuses.filter((status) => status !== 200);
    test.info().annotations.push({ type: 'traffic', description: `${statuses.length} requests, ${before} before the kill, failed: ${JSON.stringify(failed)}` });
    expect(before).toBeGreaterThan(20);
    expect(statuses.length - before).toBeGreaterThan(20);
    // At most the eight that were being answered by the killed process.
    expect(failed.length, `statuses: ${JSON.stringify(failed)}`).toBeLessThanOrEqual(8);
    // The session lives in Redis: the other process knows it.
    expect(await call(cookie, '/api/records/get-mine')).toBe(200);
    await service('api-1', 'start');
    expect(await call(cookie, '/api/records/get-mine')).toBe(200);
  });

  test('Redis restarted, then MariaDB restarted: the API and the worker reconnect and carry on, nothing lost', async () => {
    test.slow();
    const cookie = await session(emailOf('customer'));
    const ask = (name: string) =>
      call('', '/api/contact-forms', { subject: 'infos', name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@exemple.fr`, phone: '05 59 00 00 00', message: 'Bonjour, je voudrais des informations.', consent: true });

    await service('redis', 'restart');
    // Sessions and queues kept in Redis's file: the same session, and an e-mail sent by the worker.
    await expect.poll(() => call(cookie, '/api/records/get-mine'), { timeout: 20_000 }).toBe(200);
    await expect.poll(() => ask('Maddi Redis'), { timeout: 20_000 }).toBe(201);
    await inbox.waitFor((mail) => mail.text.includes('Maddi Redis'), 30_000);

    await service('mariadb', 'restart');
    await expect.poll(() => call(cookie, '/api/records/get-mine'), { timeout: 30_000 }).toBe(200);
    await expect.poll(() => ask('Maddi MariaDB'), { timeout: 30_000 }).toBe(201);
    await inbox.waitFor((mail) => mail.text.includes('Maddi MariaDB'), 30_000);
  });

  test('the worker killed in the middle of printing: every PDF is printed once it is back', async () => {
    test.slow();
    const cookie = await session(emailOf('hsa'));
    const ask = async (good: number) => {
      const response = await fetch(`${PRODUCTION.origin}/api/goods/${good}/PDF/executive.pdf`, { headers: { Cookie: cookie, Origin: PRODUCTION.origin } });
      return { status: response.status, body: response.status === 202 ? ((await response.json()) as { job: { id: string } }) : (await response.arrayBuffer(), null) };
    };
    const goods = [2, 3, 4, 5, 6, 7];
    const asked = await Promise.all(goods.map(ask));
    expect(asked.every((answer) => answer.status === 202 || answer.status === 200)).toBe(true);
    await service('worker', 'kill');
    await service('worker', 'start');
    for (const good of goods) {
      await expect.poll(async () => (await ask(good)).status, { timeout: 60_000, intervals: [500] }).toBe(200);
    }
  });
});
