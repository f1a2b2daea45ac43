import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '../src/contact-forms/entities/contact-form.entity.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

/**
 * LLI income ceilings in euros, restated from the published tables (art. 2 terdecies D annexe III CGI)
 * for the two zones of the communes served: line → [zone A, zone B1].
 */
const CEILINGS: Record<number, Record<string, [number, number]>> = {
  2025: {
    alone: [43953, 35825],
    couple: [65691, 47842],
    dependants_1: [78963, 57531],
    dependants_2: [94585, 69455],
    dependants_3: [111971, 81705],
    dependants_4: [126001, 92080],
    dependants_6: [126001 + 2 * 14039, 92080 + 2 * 10272],
  },
  2026: {
    alone: [44344, 36144],
    couple: [66276, 48268],
    dependants_1: [79666, 58043],
    dependants_2: [95427, 70073],
    dependants_3: [112968, 82432],
    dependants_4: [127122, 92900],
    dependants_6: [127122 + 2 * 14164, 92900 + 2 * 10364],
  },
};
const COMMUNE_OF_ZONE = { A: '64024', B1: '64102' };

let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `192.0.2.${(addresses += 1)}` });

describe.each(BACKENDS)('public site on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, staffEmail: 'accueil@hsa-lli.test', publicUrl: 'https://www.hsa-lli.test' });
  });

  afterAll(async () => {
    await api?.stop();
    await inbox?.stop();
  });

  const list = (filters: object) => request(api.server).post('/api/front/residences/list').send(filters).expect(200).then((response) => response.body.data as { slug: string; goods_count: number; min_rent_price_cents: number | null; area: string; city: { value: string } }[]);

  async function publishedResidences() {
    return api.dataSource.manager.find(Residence, { where: { status: 'published' }, relations: { goods: true } });
  }

  describe('visibility', () => {
    it('shows neither unpublished residences nor their goods, nor disabled goods', async () => {
      const hidden = await api.dataSource.manager.find(Residence, { where: [{ status: 'draft' }, { status: 'closed' }], relations: { goods: true } });
      expect(hidden.length).toBe(2);
      const listed = (await list({})).map((residence) => residence.slug);
      const options = (await request(api.server).post('/api/residences/get-options').send({}).expect(200)).body.residences_options as { value: number }[];
      for (const residence of hidden) {
        expect(listed).not.toContain(residence.slug);
        expect(options.map((option) => option.value)).not.toContain(residence.id);
        await request(api.server).post('/api/front/residences/details').send({ slug: residence.slug }).expect(404);
        for (const good of residence.goods) await request(api.server).post('/api/front/goods/details').send({ id: good.id }).expect(404);
      }
      const disabled = await api.dataSource.manager.findOneOrFail(Good, { where: { enabled: false, residence: { status: 'published' } }, relations: { residence: true } });
      await request(api.server).post('/api/front/goods/details').send({ id: disabled.id }).expect(404);
      const details = await request(api.server).post('/api/front/residences/details').send({ slug: disabled.residence.slug }).expect(200);
      expect(details.body.residence.goods.map((good: { id: number }) => good.id)).not.toContain(disabled.id);
      // Staff still reach it.
      const admin = await loggedIn(api, 'admin@demo.hsa-lli.fr');
      await admin.post(`/api/goods/${disabled.id}/PDF/executive`).expect(200);
      await request(api.server).post('/api/front/residences/details').send({ slug: 'inconnue' }).expect(404);
      await request(api.server).post('/api/front/goods/details').send({ id: 999999 }).expect(404);
    });

    it('gives a residence with its photos, equipments, advantages and certifications, and a good with its labels and city', async () => {
      const { body } = await request(api.server).post('/api/front/residences/details').send({ slug: 'residence-les-hortensias-anglet' }).expect(200);
      expect(body.residence).toMatchObject({
        name: 'Résidence Les Hortensias',
        city: { label: 'Anglet', zip_code: '64600', areas: 'A' },
        neighborhood: 'Chiberta',
        advantages: ['no_agency_fees', 'no_state_fees'],
        certifications: ['RE2020'],
        delivery_date: '2025-09-15',
      });
      expect(body.residence.photos).toHaveLength(3);
      expect(body.residence.facilities.every((equipment: { type: string }) => equipment.type === 'residence')).toBe(true);
      const t4 = body.residence.goods.find((good: { flat_size: string }) => good.flat_size === 'T4');
      const good = (await request(api.server).post('/api/front/goods/details').send({ id: t4.id }).expect(200)).body.good;
      expect(good).toMatchObject({ flat_size: 'T4', surface: 84, dpe_kwh: 65, dpe_kgco2: 4, kwh_class: 'A', kgco2_class: 'A', energy_class: 'A', _residence: { slug: 'residence-les-hortensias-anglet', city: { label: 'Anglet' } } });
      expect(good.plan).toHaveLength(1);
    });
  });

  describe('filters', () => {
    it('by commune and by zone', async () => {
      expect((await list({ city: '64024' })).map((residence) => residence.slug)).toEqual(['residence-les-hortensias-anglet']);
      const b1 = await list({ zone: 'B1' });
      const expected = (await publishedResidences()).filter((residence) => residence.area === 'B1').map((residence) => residence.slug).sort();
      expect(b1.map((residence) => residence.slug).sort()).toEqual(expected);
      expect(b1.length).toBeGreaterThan(1);
    });

    it('by flat size, maximum rent and availability, counting only the homes that pass', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const residences = await publishedResidences();
      const homes = (residence: Residence) => residence.goods.filter((good) => good.enabled && good.flatSize !== 'garage');
      const cases = [
        { filters: { flat_size: 'T5' }, test: (good: Good) => good.flatSize === 'T5' },
        { filters: { max_rent: 800 }, test: (good: Good) => good.rentPriceCents <= 80_000 },
        { filters: { available_now: true }, test: (good: Good) => good.availableFrom === null || good.availableFrom <= today },
        { filters: { flat_size: 'T4bis', available_now: true }, test: (good: Good) => good.flatSize === 'T4bis' && (good.availableFrom === null || good.availableFrom <= today) },
      ];
      for (const { filters, test } of cases) {
        const expected = residences
          .map((residence) => ({ slug: residence.slug, count: homes(residence).filter(test).length }))
          .filter((entry) => entry.count > 0)
          .sort((a, b) => a.slug.localeCompare(b.slug));
        const answer = (await list(filters)).map((residence) => ({ slug: residence.slug, count: residence.goods_count })).sort((a, b) => a.slug.localeCompare(b.slug));
        expect({ filters, answer }).toEqual({ filters, answer: expected });
      }
      expect(await list({ flat_size: 'T6bis' })).toEqual([]);
    });

    it('refuses malformed filters in French', async () => {
      const response = await request(api.server).post('/api/front/residences/list').send({ zone: 'Z', max_rent: -1, flat_size: 'château' }).expect(400);
      expect(response.body.fields).toEqual({
        zone: 'Choisissez une zone de la liste.',
        max_rent: 'Le loyer maximum ne peut pas être négatif.',
        flat_size: 'Choisissez une typologie de la liste.',
      });
      await request(api.server).post('/api/front/residences/list').send({ surprise: 1 }).expect(400);
    });
  });

  describe('eligibility', () => {
    const check = (body: object) => request(api.server).post('/api/eligibility/check').send(body);

    for (const year of [2025, 2026]) {
      it(`answers at the boundary of every household line and zone for ${year}`, async () => {
        for (const [line, [zoneA, zoneB1]] of Object.entries(CEILINGS[year]!)) {
          const dependants = line.startsWith('dependants_') ? Number(line.split('_')[1]) : 0;
          for (const household of line === 'alone' ? ['alone'] : line === 'couple' ? ['couple'] : ['alone', 'couple']) {
            for (const [zone, ceiling] of [['A', zoneA], ['B1', zoneB1]] as const) {
              const city = COMMUNE_OF_ZONE[zone];
              const incomes = household === 'couple' ? [Math.floor(ceiling / 2), ceiling - Math.floor(ceiling / 2)] : [ceiling];
              const atCeiling = await check({ household, dependants, city, incomes, year }).expect(200);
              expect(atCeiling.body).toEqual({ eligible: true, zone, year, ceiling, income: ceiling });
              const above = await check({ household, dependants, city, incomes: [...incomes.slice(0, -1), incomes.at(-1)! + 1], year }).expect(200);
              expect({ line, household, zone, eligible: above.body.eligible }).toEqual({ line, household, zone, eligible: false });
            }
          }
        }
      });
    }

    it('uses the current year when none is given', async () => {
      const response = await check({ household: 'alone', dependants: 0, city: '64102', incomes: [30000] }).expect(200);
      expect(response.body.year).toBe(2026);
    });

    it('refuses what cannot be answered, in French', async () => {
      const cases: [object, Record<string, string>][] = [
        [{ household: 'alone', dependants: 0, city: '75056', incomes: [30000] }, { city: 'Choisissez la commune du logement dans la liste.' }],
        [{ household: 'alone', dependants: 0, city: '64102', incomes: [-1] }, { incomes: 'Un revenu fiscal de référence ne peut pas être négatif.' }],
        [{ household: 'alone', dependants: 0, city: '64102', incomes: [20000, 10000] }, { incomes: 'Une personne seule ne déclare qu’un revenu.' }],
        [{ household: 'trio', dependants: -2, city: '64102', incomes: [] }, { household: 'Indiquez si vous vivez seul(e) ou en couple.', dependants: 'Indiquez un nombre de personnes à charge entre 0 et 12.', incomes: 'Indiquez le revenu fiscal de référence de chaque personne.' }],
        [{ household: 'couple', dependants: 0, city: '64102', incomes: [1, 2], year: 2019 }, { year: 'Les plafonds disponibles sont ceux de 2025 et 2026.' }],
      ];
      for (const [body, fields] of cases) {
        const response = await check(body).expect(400);
        expect(response.body.fields).toEqual(fields);
      }
    });
  });

  describe('contact', () => {
    const valid = { subject: 'infos', name: 'Ane Etxeberria', email: 'ane.etxeberria@example.org', phone: '06 12 34 56 78', message: 'Les animaux sont-ils acceptés ?', consent: true };

    it('checks every field with the same rules as the form', async () => {
      const response = await request(api.server).post('/api/contact-forms').set(fromAddress()).send({ subject: 'autre', name: 'A', email: 'x', phone: '123', message: 'court', consent: false }).expect(400);
      expect(response.body.fields).toEqual({
        subject: "Choisissez l'objet de votre demande.",
        name: 'Indiquez vos nom et prénom.',
        email: "L'adresse e-mail n'est pas valide.",
        phone: 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.',
        message: 'Votre message doit contenir au moins 10 caractères.',
        consent: 'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.',
      });
      expect(await api.dataSource.manager.countBy(ContactForm, { email: 'x' })).toBe(0);
    });

    it('keeps the request for the staff and sends two e-mails: to the staff, and a confirmation', async () => {
      const sent = await request(api.server).post('/api/contact-forms').set(fromAddress()).send(valid).expect(201);
      expect(sent.body.message).toContain('Votre demande a bien été envoyée.');
      const staff = await inbox.waitFor((mail) => mail.to.includes('accueil@hsa-lli.test') && mail.text.includes('Les animaux sont-ils acceptés ?'));
      expect(staff.subject).toBe('Nouvelle demande de contact : Obtenir des informations');
      expect(staff.links).toContain(`https://www.hsa-lli.test/admin/demandes-de-contact/${sent.body.id}`);
      const confirmation = await inbox.waitFor((mail) => mail.to.includes(valid.email));
      expect(confirmation.subject).toBe('Nous avons bien reçu votre demande');

      await request(api.server).post('/api/contact-forms/get').send({ id: sent.body.id }).expect(401);
      const customer = await loggedIn(api, 'customer@demo.hsa-lli.fr');
      await customer.post('/api/contact-forms/get').send({ id: sent.body.id }).expect(403);
      const hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
      const stored = await hsa.post('/api/contact-forms/get').send({ id: sent.body.id }).expect(200);
      expect(stored.body.data).toEqual([expect.objectContaining({ subject: 'infos', name: valid.name, email: valid.email, phone: valid.phone, message: valid.message, status: 'new' })]);
      await hsa.post('/api/contact-forms/get').send({ id: 999999 }).expect(404);
    });

    it('drops what robots send through the hidden field, and limits requests per address', async () => {
      const before = await api.dataSource.manager.count(ContactForm);
      const address = { 'X-Forwarded-For': '198.51.100.200' };
      const trapped = await request(api.server).post('/api/contact-forms').set(address).send({ ...valid, website: 'https://spam.example' }).expect(201);
      expect(trapped.body.message).toContain('Votre demande a bien été envoyée.');
      expect(await api.dataSource.manager.count(ContactForm)).toBe(before);
      for (let attempt = 0; attempt < 4; attempt += 1) await request(api.server).post('/api/contact-forms').set(address).send(valid).expect(201);
      const refused = await request(api.server).post('/api/contact-forms').set(address).send(valid).expect(429);
      expect(refused.body.error).toContain('Réessayez dans une heure');
    });
  });

  describe('findability', () => {
    it('lists every public page, published residence and enabled good in sitemap.xml, and points robots.txt to it', async () => {
      const sitemap = await request(api.server).get('/sitemap.xml').expect(200);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      const locations = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace('https://www.hsa-lli.test', ''));
      for (const path of ['/', '/residences', '/tester-mon-eligibilite', '/nous-contacter', '/mentions-legales', '/reglement-general-sur-la-protection-des-donnees-personnelles']) {
        expect(locations).toContain(path);
      }
      for (const residence of await api.dataSource.manager.find(Residence, { relations: { goods: true } })) {
        expect(locations.includes(`/residences/${residence.slug}`)).toBe(residence.status === 'published');
        for (const good of residence.goods) {
          expect(locations.includes(`/residences/${residence.slug}/${good.slug}/${good.id}`)).toBe(residence.status === 'published' && good.enabled);
        }
      }
      const robots = await request(api.server).get('/robots.txt').expect(200);
      expect(robots.text).toContain('Sitemap: https://www.hsa-lli.test/sitemap.xml');
      for (const path of ['/admin/', '/PDF/', '/mes-identifiants', '/creation-de-compte/', '/mot-de-passe-oublie/nouveau-mot-de-passe/', '/api/']) {
        expect(robots.text).toContain(`Disallow: ${path}\n`);
      }
    });

    it('produces the two PDF documents the site links to', async () => {
      for (const name of ['conditions-generales-d-utilisation.pdf', 'notice-protection-des-donnees-personnelles.pdf']) {
        const response = await request(api.server).get(`/api/legal/${name}`).buffer(true).expect(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect((response.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
        expect((response.body as Buffer).length).toBeGreaterThan(2000);
      }
      await request(api.server).get('/api/legal/secret.pdf').expect(404);
    });
  });
});
