import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

let addresses = 0;
const fromAddress = () => ({ 'X-Forwarded-For': `203.0.113.${(addresses += 1)}` });

const TO_CORRECT = 'Certaines informations sont à corriger.';
const UNEXPECTED = "Ce champ n'est pas attendu.";

describe.each(BACKENDS)('request bodies on $name', (backend) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await backend.start();
  });

  afterAll(async () => {
    await api?.stop();
  });

  const post = (path: string, body: unknown) => request(api.server).post(path).set(fromAddress()).send(body as object);

  it('refuse a field the route does not know of, by its name, even when every other field is right', async () => {
    const valid: [string, object][] = [
      ['/api/auth/login', { email: 'customer@demo.hsa-lli.fr', password: 'Demo-2026-lli' }],
      ['/api/auth/forgot-password', { email: 'customer@demo.hsa-lli.fr' }],
      ['/api/contact-forms', { subject: 'infos', name: 'Ane Etxeberria', email: 'ane@example.org', message: 'Les animaux sont-ils acceptés ?', consent: true }],
      ['/api/eligibility/check', { household: 'alone', dependants: 0, city: '64102', incomes: [30000] }],
      ['/api/front/residences/list', { zone: 'A' }],
      ['/api/tokens/registration-token', { token: 'abc' }],
    ];
    for (const [path, body] of valid) {
      const response = await post(path, { ...body, role: 'admin', is_admin: true }).expect(400);
      expect({ path, body: response.body }).toEqual({ path, body: { error: TO_CORRECT, fields: { role: UNEXPECTED, is_admin: UNEXPECTED } } });
    }
    const admin = await loggedIn(api, 'admin@demo.hsa-lli.fr');
    const invitation = await admin
      .post('/api/users/invite')
      .send({ email: 'nouveau@example.org', first_name: 'Jon', last_name: 'Etcheverry', role: 'customer', roles: ['admin'] })
      .expect(400);
    expect(invitation.body).toEqual({ error: TO_CORRECT, fields: { roles: UNEXPECTED } });
  });

  it('name the field of a wrong nested value by its path, and a list as a whole', async () => {
    const hsa = await loggedIn(api, 'hsa@demo.hsa-lli.fr');
    const type = await hsa.post('/api/equipments/list').send({ filters: { type: 'piscine' } }).expect(400);
    expect(type.body).toEqual({ error: TO_CORRECT, fields: { 'filters.type': 'Choisissez le type : résidence ou logement.' } });
    const nestedUnknown = await hsa.post('/api/equipments/list').send({ filters: { type: 'good', name: 'Ascenseur' } }).expect(400);
    expect(nestedUnknown.body).toEqual({ error: TO_CORRECT, fields: { 'filters.name': UNEXPECTED } });
    const income = await post('/api/eligibility/check', { household: 'couple', dependants: 0, city: '64102', incomes: [30000, '12 000'] }).expect(400);
    expect(income.body).toEqual({ error: TO_CORRECT, fields: { incomes: 'Les revenus doivent être des montants en euros.' } });
    await hsa.post('/api/equipments/list').send({ filters: { type: 'good' } }).expect(200);
  });

  it('answer a body that is no object as a malformed request', async () => {
    for (const path of ['/api/auth/login', '/api/eligibility/check', '/api/front/residences/list']) {
      const response = await post(path, [{ email: 'customer@demo.hsa-lli.fr' }]).expect(400);
      expect(response.body).toEqual({ error: 'La demande est incorrecte.' });
    }
  });
});
