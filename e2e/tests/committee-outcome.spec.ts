import { request as requests, type APIRequestContext } from '@playwright/test';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { accessibleAtBothWidths } from '../support/accessibility.ts';
import { E2E_PORT, E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, DEMO_PASSWORD, emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { withTestData } from '../support/test-data.ts';

/** Two applicants of the journey's own, with an account each, whose files the committee examines, each for a good. */
const APPLICANTS = [
  { email: 'ainhoa.etchart@exemple.fr', reference: 'DOS-2026-9201', firstName: 'Ainhoa', lastName: 'Etchart' },
  { email: 'peio.lasalle@exemple.fr', reference: 'DOS-2026-9202', firstName: 'Peio', lastName: 'Lasalle' },
] as const;
const [CONDITIONAL] = APPLICANTS;
const CONDITION = 'Fournir votre dernier avis d’imposition.';

/** A session's calls, as its staff and its comitee role make them: the committee's own screens are another journey's. */
async function agent(email: string): Promise<APIRequestContext> {
  const context = await requests.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  expect((await context.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).ok()).toBe(true);
  return context;
}

async function call<T>(context: APIRequestContext, path: string, data: object): Promise<T> {
  const answer = await context.post(path, { data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

test.describe.serial('the committee’s outcome', () => {
  let inbox: SmtpInbox;
  let sessionId = 0;

  test.beforeAll(async () => {
    // A session made, opened and closed through the API: closing it e-mails its candidates and queues its minutes.
    test.setTimeout(90_000);
    inbox = await startInbox(E2E_SMTP_PORT);
    const { goods, comitee, records } = await withTestData(async (data) => {
      // Two goods of the last residence that has two: the journeys that change goods use the first ones, and another
      // journey may publish a residence of its own (with fewer) meanwhile.
      const chosen = (await data.publishedResidences()).filter((residence) => residence.goods.length >= 2).at(-1)!.goods.slice(-2);
      const { passwordHash } = (await data.user(emailOf('customer')))!;
      for (const [index, applicant] of APPLICANTS.entries()) {
        if ((await data.recordId(applicant.reference)) !== null) continue;
        const [account] = await data.users([{ email: applicant.email, passwordHash, roles: ['customer'], firstName: applicant.firstName, lastName: applicant.lastName }]);
        const person = { position: 1, firstName: applicant.firstName, lastName: applicant.lastName, email: applicant.email, proSituation: 'cdi', housingSituation: 'loc_prive', taxIncome: 29_000 } as const;
        await data.files([{ reference: applicant.reference, stage: 'under_review', situation: 'alone', user: account, wishedGoods: [chosen[index]!], persons: [person] }]);
      }
      const ids = await Promise.all(APPLICANTS.map((applicant) => data.recordId(applicant.reference)));
      return { goods: chosen, comitee: (await data.user(emailOf('comitee')))!.id, records: ids as number[] };
    });

    // Staff program the session, each file the one candidate of its good; the comitee role recommends both and
    // allocates each good, the first under a condition.
    const staff = await agent(emailOf('hsa'));
    const { session } = await call<{ session: { id: number } }>(staff, '/api/committee/sessions/create', {
      date: '2026-12-17T18:00',
      place: 'Agence de Bayonne, salle du conseil',
      video_url: 'https://visio.exemple.fr/comite',
      member_ids: [comitee],
      good_ids: goods,
    });
    sessionId = session.id;
    for (const [index, record] of records.entries()) await call(staff, '/api/committee/candidates/add', { session_id: sessionId, good_id: goods[index], record_id: record });
    await call(staff, '/api/committee/sessions/open', { id: sessionId });
    const president = await agent(emailOf('comitee'));
    const opened = await call<{ session: { goods: { id: number; candidates: { id: number }[] }[] } }>(president, '/api/committee/sessions/get-one', { id: sessionId });
    const candidateOf = (good: number) => opened.session.goods.find((each) => each.id === good)!.candidates[0]!.id;
    for (const good of goods) await call(president, '/api/committee/recommendations/save', { candidate_id: candidateOf(good), opinion: 'favorable' });
    await call(president, '/api/committee/sessions/close', {
      id: sessionId,
      decisions: [
        { good_id: goods[0], outcome: 'allocated_conditional', ranking: [candidateOf(goods[0]!)], condition: CONDITION, reasons: {} },
        { good_id: goods[1], outcome: 'allocated', ranking: [candidateOf(goods[1]!)], reasons: {} },
      ],
    });
    await Promise.all([staff.dispose(), president.dispose()]);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('the applicant sees the offer under its condition at the top of their file, with its deadline, and accepts it', async ({ page }) => {
    test.slow();
    await inbox.waitFor((mail) => mail.to.includes(CONDITIONAL.email) && mail.subject === 'Un logement vous est proposé');
    await loginAs(page, CONDITIONAL.email);
    await page.goto('/mon-compte-hsa-lli/mon-dossier');
    await alive(page);

    const offer = page.getByRole('region', { name: 'Un logement vous est proposé' });
    await expect(offer).toContainText(`Condition${CONDITION}`);
    await expect(offer).toContainText(/Répondez avant le \d+ \S+ \d{4} à \d+\sh\s\d+\. Il vous reste 10 jours pour répondre\./);
    await expect(offer.getByRole('link', { name: 'Voir la fiche du logement' })).toHaveAttribute('href', /^\/residences\/[^/]+\/[^/]+\/\d+$/);
    const timeline = page.getByRole('region', { name: 'Où en est mon dossier' });
    await expect(timeline).toContainText('Logement proposé');
    await expect(timeline).toContainText('Décision du comité d’attributionLe comité vous a retenu pour');
    await accessibleAtBothWidths(page, 'offer-pending');

    await page.setViewportSize({ width: 390, height: 900 });
    await offer.getByRole('button', { name: 'Accepter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Accepter ce logement ?' });
    await expect(confirm).toContainText('Votre réponse est définitive');
    await page.screenshot({ path: test.info().outputPath('offer-accept-confirm-390.png') });
    await confirm.getByRole('button', { name: 'Oui, j’accepte ce logement' }).click();
    await expect(page.getByText('Votre réponse est enregistrée : vous avez accepté ce logement.')).toBeVisible();
    const accepted = page.getByRole('region', { name: 'Vous avez accepté ce logement' });
    await expect(accepted).toContainText(`Condition${CONDITION}`);
    await expect(timeline.getByRole('listitem').first()).toContainText('Proposition acceptée');
  });

  test('staff read the closed session’s minutes, laid out for A4 and readable on a phone', async ({ page }) => {
    test.slow();
    await loginAs(page, emailOf('hsa'));
    await page.goto(`/PDF/proces-verbal/${sessionId}`);
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Procès-verbal du comité d’attribution');
    await expect(page.locator('[data-pdf-ready="true"]')).toBeVisible();
    await expect(page.getByText('1 membre sur 1 a pris part ; quorum requis : 1 (atteint).')).toBeVisible();
    await expect(page.getByText('Décision : Attribution sous condition')).toBeVisible();
    await expect(page.getByText('Décision : Attribution', { exact: true })).toBeVisible();
    await expect(page.getByText(`Candidat A — ${CONDITIONAL.firstName} ${CONDITIONAL.lastName}`).first()).toBeVisible();
    await expect(page.getByText(/^Le président de séance : \S+/)).toBeVisible();
    await accessibleAtBothWidths(page, 'minutes');

    // Printed by the pdf queue, which waits for the page's data and its ready mark.
    const downloaded = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('proces-verbal-comite-2026-12-17.pdf');
    await download.saveAs(test.info().outputPath(download.suggestedFilename()));
    await expect(page.getByText('Le PDF « proces-verbal-comite-2026-12-17.pdf » est téléchargé.')).toBeVisible();
  });
});
