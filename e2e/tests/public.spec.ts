import AxeBuilder from '@axe-core/playwright';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import { E2E_SMTP_PORT } from '../support/e2e-env.ts';
import { alive, emailOf, expect, loginAs, test } from '../support/fixtures.ts';

test.describe('finding a home', () => {
  test('from home to a good through the filtered list, with the photo viewer opened and closed by keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Voir toutes les résidences et filtrer' }).click();
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos résidences');
    const filters = page.getByRole('form', { name: 'Filtrer les résidences' });
    await filters.getByLabel('Zone').selectOption('A');
    await filters.getByLabel('Typologie').selectOption('T3');
    await filters.getByLabel('Loyer maximum charges comprises (€ par mois)').fill('1100');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/zone=A/);
    await expect(page).toHaveURL(/typologie=T3/);
    await expect(page).toHaveURL(/loyer_max=1100/);
    await expect(page.getByText(/résidences? correspondant à vos critères/)).toBeVisible();
    const cards = page.locator('.residence-list > li');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);

    // The filtered list can be shared: the same address gives the same list.
    await page.reload();
    await expect(cards).toHaveCount(count);
    await expect(page.getByRole('form', { name: 'Filtrer les résidences' }).getByLabel('Zone')).toHaveValue('A');

    await cards.first().getByRole('link').click();
    await alive(page);
    await expect(page.getByRole('heading', { name: 'Logements disponibles' })).toBeVisible();
    await page.locator('.good-list').getByRole('link', { name: /^T3 de/ }).first().click();
    await alive(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^T3 de [\d,]+ m²$/);
    await expect(page.getByText(/par mois|€/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Performance énergétique' })).toBeVisible();

    const viewer = page.getByRole('dialog');
    await page.getByRole('button', { name: /^Agrandir : Illustration de l’intérieur/ }).click();
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img')).toHaveAttribute('src', /\/api\/images\/\d+\?w=2000$/);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('button', { name: /^Agrandir : Illustration de l’intérieur/ })).toBeFocused();
  });

  for (const size of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
    { width: 1280, height: 800 },
  ]) {
    test(`the photo viewer shows the whole picture with its caption in a ${size.width}×${size.height} window, and a readable « Fermer »`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3');
      await page.getByRole('button', { name: /^Agrandir : / }).first().click();
      const viewer = page.getByRole('dialog');
      const picture = viewer.getByRole('img');
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

      for (const part of [viewer.getByRole('heading', { level: 2 }), picture, viewer.getByRole('button', { name: 'Fermer' })]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      }
      expect(await viewer.evaluate((dialog) => dialog.scrollHeight <= dialog.clientHeight && dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
      // Whole, yet as large as the window allows in one of its directions.
      const box = (await picture.boundingBox())!;
      expect(box.width >= size.width * 0.8 || box.height >= size.height * 0.6).toBe(true);

      const { violations } = await new AxeBuilder({ page }).include('dialog').withRules(['color-contrast']).analyze();
      expect(violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')).join(', '))).toEqual([]);
    });
  }

  test('a good reached with the wrong residence address goes to its own, and unknown ones give the not-found page', async ({ page }) => {
    await page.goto('/residences/mauvaise-residence/appartement-t4-84-m2/3');
    await expect(page).toHaveURL('/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3');
    await page.goto('/residences/residence-inconnue');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await page.goto('/residences/residence-les-hortensias-anglet/x/999999');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });
});

test.describe('eligibility and contact', () => {
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    inbox = await startInbox(E2E_SMTP_PORT);
  });

  test.afterAll(async () => {
    await inbox?.stop();
  });

  test('the eligibility test answers eligible and not eligible, then sends a prefilled request staff can read', async ({ page }) => {
    await page.goto('/tester-mon-eligibilite');
    const form = page.getByRole('form', { name: "Test d'éligibilité" });
    await form.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
    await expect(form.getByText('Choisissez la commune du logement dans la liste.')).toBeVisible();
    await expect(form.getByText('Indiquez le revenu fiscal de référence de chaque personne.')).toBeVisible();
    // As many dependants as the rule takes (MAX_DEPENDANTS), the API's limit too.
    await expect(form.getByLabel('Nombre de personnes à charge').locator('option')).toHaveText(Array.from({ length: 13 }, (_, count) => String(count)));

    await form.getByLabel('Un couple').check();
    await form.getByLabel('Nombre de personnes à charge').selectOption('1');
    await form.getByLabel('Commune du logement recherché').selectOption({ label: 'Anglet (64600)' });
    await form.getByLabel(/de la personne 1/).fill('50 000');
    await form.getByLabel(/de la personne 2/).fill('30 000');
    await form.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
    await expect(page.getByText("Vos revenus dépassent le plafond : vous n'êtes pas éligible.")).toBeVisible();
    await expect(page.getByText(/79\s666\s€/)).toBeVisible();

    await form.getByLabel(/de la personne 1/).fill('45 000');
    await form.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
    await expect(page.getByText('Vous êtes éligible au logement locatif intermédiaire.')).toBeVisible();
    await expect(page.getByText(/75\s000\s€/)).toBeVisible();

    await page.getByRole('button', { name: 'Envoyer une demande de contact' }).click();
    await expect(page).toHaveURL('/nous-contacter');
    const contact = page.getByRole('form', { name: 'Demande de contact' });
    await expect(contact.getByLabel('Objet de votre demande')).toHaveValue('new_record');
    await expect(contact.getByLabel('Message')).toHaveValue(/je cherche un logement à Anglet \(zone A\)/);
    await contact.getByLabel('Nom et prénom').fill('Peio Arrieta');
    await contact.getByLabel('E-mail').fill('peio.arrieta@example.org');
    await contact.getByLabel(/J'accepte d'être recontacté/).check();
    const submitted = page.waitForResponse((response) => response.url().endsWith('/api/contact-forms') && response.request().method() === 'POST');
    await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
    const { id } = await (await submitted).json();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();

    await loginAs(page, emailOf('admin'));
    const stored = await (await page.request.post('/api/contact-forms/get', { data: { id } })).json();
    expect(stored.data[0]).toMatchObject({
      subject: 'new_record',
      name: 'Peio Arrieta',
      eligibility: { household: 'couple', dependants: 1, city: '64024', incomes: [45000, 30000], eligible: true, ceiling: 79666, zone: 'A' },
    });
  });

  test('the eligibility answers are still there when the visitor comes back from the contact page, the verdict is not', async ({ page }) => {
    await page.goto('/tester-mon-eligibilite');
    const form = page.getByRole('form', { name: "Test d'éligibilité" });
    await form.getByLabel('Un couple').check();
    await form.getByLabel('Commune du logement recherché').selectOption({ label: 'Anglet (64600)' });
    await form.getByLabel(/de la personne 1/).fill('45 000 €');
    await form.getByLabel(/de la personne 2/).fill('30 000');
    await form.getByRole('button', { name: 'Vérifier mon éligibilité' }).click();
    await page.getByRole('button', { name: 'Envoyer une demande de contact' }).click();
    await expect(page).toHaveURL('/nous-contacter');

    await page.goBack();
    await expect(form.getByLabel('Un couple')).toBeChecked();
    await expect(form.getByLabel('Commune du logement recherché')).toHaveValue('64024');
    await expect(form.getByLabel(/de la personne 1/)).toHaveValue('45 000 ');
    await expect(form.getByLabel(/de la personne 2/)).toHaveValue('30 000');
    await expect(page.getByText('Vous êtes éligible au logement locatif intermédiaire.')).toHaveCount(0);
  });

  test('the contact form shows its errors, then sends the request and two e-mails', async ({ page }) => {
    await page.goto('/nous-contacter');
    const contact = page.getByRole('form', { name: 'Demande de contact' });
    await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
    for (const message of ["Choisissez l'objet de votre demande.", 'Indiquez vos nom et prénom.', 'Veuillez saisir votre adresse e-mail.', 'Votre message doit contenir au moins 10 caractères.', 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.']) {
      await expect(contact.getByText(message)).toBeVisible();
    }
    await contact.getByLabel('Objet de votre demande').selectOption({ label: 'Obtenir des informations' });
    await contact.getByLabel('Nom et prénom').fill('Maddi Goyhenetche');
    await contact.getByLabel('E-mail').fill('maddi.goyhenetche@example.org');
    await contact.getByLabel('Téléphone (facultatif)').fill('12');
    await contact.getByLabel('Message').fill('Bonjour, proposez-vous des logements adaptés aux fauteuils roulants ?');
    await contact.getByLabel(/J'accepte d'être recontacté/).check();
    await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(contact.getByText('Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.')).toBeVisible();
    await expect(contact.getByText('Indiquez vos nom et prénom.')).toHaveCount(0);
    await contact.getByLabel('Téléphone (facultatif)').fill('06 11 22 33 44');
    await contact.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();

    const staff = await inbox.waitFor((mail) => mail.text.includes('fauteuils roulants') && mail.subject.startsWith('Nouvelle demande de contact'));
    expect(staff.subject).toBe('Nouvelle demande de contact : Obtenir des informations');
    const confirmation = await inbox.waitFor((mail) => mail.to.includes('maddi.goyhenetche@example.org'));
    expect(confirmation.subject).toBe('Nous avons bien reçu votre demande');
    // The confirmation repeats nothing the visitor wrote: nobody can send any text to any address through it.
    expect(confirmation.text).not.toContain('fauteuils roulants');
  });
});

test.describe('what the site says of a home follows its file', () => {
  test('a home whose lease is signed is no longer « Disponible », in the served HTML too, and is again once its household leaves', async ({ page, browser }) => {
    // The public pages are rendered again in the background (a job), which takes a while on a busy machine.
    test.setTimeout(180_000);
    const path = '/residences/residence-les-hortensias-anglet/appartement-t2-47-m2/1';
    const facts = page.locator('.residence__facts');
    await page.goto(path);
    await alive(page);
    await expect(facts).toContainText('Disponible immédiatement');

    // Staff record the lease of a demo file for it.
    const staff = await browser.newPage();
    await loginAs(staff, emailOf('hsa'));
    const file = (await (await staff.request.post('/api/records/list', { data: { search: 'DOS-2026-0002' } })).json()).data[0].id as number;
    const created = await staff.request.post('/api/records/events/create', { data: { record_id: file, type: 'lease_signed', good_id: 1, at: '2026-03-02T10:00' } });
    expect(created.status()).toBe(201);
    const lease = (await created.json()).event.id as number;

    // The page rendered for visitors is rendered again: its HTML, before any script, says so.
    await expect.poll(async () => (await page.request.get(path)).text(), { timeout: 120_000 }).toContain('Déjà loué');
    await page.reload();
    await alive(page);
    await expect(facts).toContainText('Déjà loué');
    await page.goto('/residences/residence-les-hortensias-anglet');
    await alive(page);
    await expect(page.locator('.good-list')).toContainText('Déjà loué');

    // Recorded by mistake, taken back: available again.
    expect((await staff.request.post('/api/records/events/delete', { data: { id: lease } })).status()).toBe(200);
    await staff.close();
    await page.goto(path);
    await alive(page);
    await expect(facts).toContainText('Disponible immédiatement');
    // Rendered again for visitors before the next test reads the served pages.
    await expect.poll(async () => (await page.request.get(path)).text(), { timeout: 120_000 }).toMatch(/data-prerendered="true"[\s\S]*Disponible immédiatement/);
  });
});

test.describe('fast and findable', () => {
  test('public pages arrive as HTML with their content and head tags, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/residences/residence-les-hortensias-anglet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résidence Les Hortensias');
    await expect(page).toHaveTitle('Résidence Les Hortensias, Anglet | HSA Logement intermédiaire');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/residences\/residence-les-hortensias-anglet$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Résidence Les Hortensias, Anglet');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Anglet \(64600\)/);
    const image = page.locator('.gallery__main img');
    await expect(image).toHaveAttribute('width', '1500');
    await expect(image).toHaveAttribute('height', '1000');
    await expect(image).toHaveAttribute('srcset', /\?w=500 500w, .*\?w=3000 3000w/);
    await context.close();
  });

  test('prerendered pages come alive as they are for visitors, and are drawn anew for a logged-in user', async ({ page }) => {
    const drawnAgain: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('Prerendered page drawn again')) drawnAgain.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of ['/', '/residences', '/residences/residence-les-hortensias-anglet', '/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3']) {
      const response = await page.goto(path);
      expect(await response!.text()).toContain('data-prerendered="true"');
    }
    expect(drawnAgain).toEqual([]);

    await loginAs(page, emailOf('customer'));
    await page.goto('/residences');
    await page.getByRole('button', { name: 'Mon espace' }).click();
    await expect(page.getByRole('dialog', { name: 'Mon espace' }).getByRole('link', { name: 'Mes identifiants' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos résidences');
    expect(drawnAgain).toEqual([]);
  });

  const PUBLIC_PAGES = [
    '/',
    '/residences',
    '/residences/residence-les-hortensias-anglet',
    '/residences/residence-les-hortensias-anglet/appartement-t4-84-m2/3',
    '/tester-mon-eligibilite',
    '/nous-contacter',
    '/mentions-legales',
    '/reglement-general-sur-la-protection-des-donnees-personnelles',
    '/login',
    '/mot-de-passe-oublie',
  ];
  for (const path of PUBLIC_PAGES) {
    test(`no accessibility violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
