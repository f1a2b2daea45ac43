import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { Good } from '../src/goods/entities/good.entity.js';
import { Image } from '../src/images/entities/image.entity.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

type Listed = { slug: string; name: string; goods_count: number };

/** A draft residence's form, as the back office sends it. */
const residenceForm = (status: 'draft' | 'published') => ({
  status,
  closed_label: null,
  reference: 'RES-CACHE-1',
  name: 'Résidence Les Salines',
  city: '64102',
  neighborhood: 'Saint-Esprit',
  delivery_date: '2027-09-01',
  limit_date: null,
  facilities: [],
  advantages: [],
  certifications: [],
  description: 'Une résidence neuve, à deux pas de la gare.',
  district_desc: null,
  address_line_1: '4 quai de Lesseps',
  address_line_2: null,
});

describe.each(BACKENDS)('the public reads, kept in memory, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;
  let good: Good;
  const visitor = (server = api.server) => request(server);
  const list = async (server = api.server) => (await visitor(server).post('/api/front/residences/list').send({}).expect(200)).body.data as Listed[];
  const goodForm = async () => {
    const { good: saved } = (await agents.hsa.post('/api/goods/get-one').send({ id: good.id }).expect(200)).body;
    const fields = Object.fromEntries(
      ['enabled', 'residence', 'reference', 'flat_size', 'surface', 'rent_price', 'monthly_costs', 'available_from', 'description', 'facilities', 'dpe_kwh', 'dpe_kgco2'].map((field) => [field, saved[field]]),
    );
    return { id: saved.id as number, version: saved.version as number, ...fields } as Record<string, unknown> & { id: number; version: number; rent_price: number };
  };

  beforeAll(async () => {
    api = await backend.start();
    agents = await agentsByRole(api);
    good = await api.dataSource.manager.findOneOrFail(Good, { where: { enabled: true, residence: { status: 'published' }, flatSize: 'T3' }, relations: { residence: true }, order: { id: 'ASC' } });
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('answers the same read with the same ETag, 304 to whoever holds it, and compressed to whoever accepts it', async () => {
    const first = await visitor().post('/api/front/residences/list').send({ zone: 'B1' }).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await visitor().post('/api/front/residences/list').send({ zone: 'B1' }).set('Accept-Encoding', 'identity').expect(200);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toEqual(first.body);
    expect(again.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff' });
    const held = await visitor().post('/api/front/residences/list').send({ zone: 'B1' }).set('If-None-Match', etag).expect(304);
    expect(held.text).toBe('');
    // Another question, another answer.
    expect((await visitor().post('/api/front/residences/list').send({ zone: 'A' }).expect(200)).headers.etag).not.toBe(etag);
    // Compressed once kept (zlib works on its own threads), as whoever asks accepts it.
    const asked = (encoding: string) => visitor().post('/api/front/residences/list').send({ zone: 'B1' }).set('Accept-Encoding', encoding).expect(200);
    await expect.poll(async () => (await asked('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await asked('gzip')).body).toEqual(first.body);
    const brotli = await asked('br, gzip');
    expect([brotli.headers['content-encoding'], brotli.body]).toEqual(['br', first.body]);
    expect((await asked('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('refuses bad requests and unknown ids as before, and keeps nothing of them', async () => {
    const bad = await visitor().post('/api/front/residences/list').send({ zone: 'Z' }).expect(400);
    expect(bad.body.fields).toBeDefined();
    await visitor().post('/api/front/goods/details').send({ id: 999_999 }).expect(404);
    await visitor().post('/api/front/goods/details').send({ id: 999_999 }).expect(404);
    await visitor().post('/api/front/residences/details').send({ slug: 'nulle-part' }).expect(404);
    // Another site's page cannot make a visitor's browser ask, kept or not.
    await visitor().post('/api/front/residences/list').set('Origin', 'https://ailleurs.example').send({ zone: 'B1' }).expect(403);
  });

  it('answers a kept read before the framework exactly as the framework does', async () => {
    const read = (forwarded?: true) => {
      const asked = visitor().post('/api/front/residences/list').set('Host', 'www.hsa-lli.example').set('Accept-Encoding', 'br, gzip');
      return (forwarded ? asked.set('X-Forwarded-Host', 'www.hsa-lli.example') : asked).send({ zone: 'A' }).expect(200);
    };
    // Kept, and compressed (zlib works on its own threads): the next one is answered as it arrives, unless it names a
    // forwarded host, which the framework reads.
    await expect.poll(async () => (await read()).headers['content-encoding']).toBe('br');
    const framework = await read(true);
    const first = await read();
    const headers = ({ headers: { date, ...rest } }: { headers: Record<string, string> }) => (date ? rest : rest);
    expect(headers(first)).toEqual(headers(framework));
    expect(first.headers).toMatchObject({ 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'x-frame-options': 'SAMEORIGIN' });
    // Never HSTS to localhost, which has no certificate.
    const local = await visitor().post('/api/front/residences/list').set('Host', 'localhost:3000').send({ zone: 'A' }).expect(200);
    expect(local.headers).toMatchObject({ etag: first.headers.etag, 'x-frame-options': 'SAMEORIGIN' });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(first.body).toEqual(framework.body);
    // A JSON body in another form, or zipped, is the same question.
    const spaced = await visitor().post('/api/front/residences/list').set('Content-Type', 'application/json; charset=utf-8').send('{ "zone" : "A" }').expect(200);
    expect(spaced.headers.etag).toBe(first.headers.etag);
    const { port } = api.server.address() as AddressInfo;
    const zipped = await fetch(`http://127.0.0.1:${port}/api/front/residences/list`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gzipSync('{"zone":"A"}') });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('etag')).toBe(first.headers.etag);
  });

  it('refuses a body the JSON parser refuses, whether the read is kept or not', async () => {
    await visitor().post('/api/front/residences/list').send({}).expect(200);
    await visitor().post('/api/front/residences/list').send({}).expect(200);
    const sent = (body: string | Buffer, type = 'application/json') => visitor().post('/api/front/residences/list').set('Content-Type', type).send(body);
    for (const body of ['{"zone":', '[]', 'null', `{"zone":${'['.repeat(40)}${']'.repeat(40)}}`]) {
      const refused = await sent(body).expect(400);
      expect({ body, answer: refused.body }).toEqual({ body, answer: { error: 'La demande est incorrecte.' } });
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await sent('{}', 'application/json; charset=latin1').expect(415)).body).toEqual({ error: expect.any(String) });
    expect((await sent('zone=A', 'application/x-www-form-urlencoded').expect(415)).body).toEqual({ error: 'Le contenu doit être envoyé au format JSON.' });
  });

  it('shows a change at once: a rent, a good taken off the site, a residence published', async () => {
    const details = () => visitor().post('/api/front/goods/details').send({ id: good.id });
    const before = (await details().expect(200)).body.good;
    const form = await goodForm();
    const rent = Math.round((form.rent_price - 10) * 100) / 100;
    const saved = (await agents.hsa.post('/api/goods/update').send({ ...form, rent_price: rent }).expect(200)).body.good;
    expect((await details().expect(200)).body.good.rent_price_cents).toBe(Math.round(rent * 100));
    expect(before.rent_price_cents).not.toBe(Math.round(rent * 100));

    const counted = (await list()).find((residence) => residence.slug === good.residence.slug)!.goods_count;
    await agents.hsa.post('/api/goods/update').send({ ...form, version: saved.version, rent_price: rent, enabled: false }).expect(200);
    await details().expect(404);
    expect((await list()).find((residence) => residence.slug === good.residence.slug)!.goods_count).toBe(counted - 1);
    const back = await goodForm();
    await agents.hsa.post('/api/goods/update').send({ ...back, enabled: true }).expect(200);

    expect((await list()).map((residence) => residence.name)).not.toContain('Résidence Les Salines');
    const { residence } = (await agents.hsa.post('/api/residences/create').send(residenceForm('draft')).expect(201)).body;
    await agents.hsa.post('/api/residences/update').send({ ...residenceForm('published'), id: residence.id, version: residence.version }).expect(200);
    expect((await list()).map((each) => each.name)).toContain('Résidence Les Salines');
  });

  it('serves a picture visitors may see from its file, and stops once it is no longer public', async () => {
    const plan = await api.dataSource.manager.findOne(Image, { where: { good: { id: good.id } }, order: { id: 'ASC' } });
    const photo = plan ?? (await api.dataSource.manager.findOneOrFail(Image, { where: { residence: { id: good.residence.id } }, order: { id: 'ASC' } }));
    const first = await visitor().get(`/api/images/${photo.id}?w=500`).expect(200);
    expect(first.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    // Kept from then on, and answered from memory before the framework, with the same headers.
    const again = await visitor().get(`/api/images/${photo.id}?w=500`).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    const { date: _first, ...firstHeaders } = first.headers as Record<string, string>;
    const { date: _again, ...againHeaders } = again.headers as Record<string, string>;
    expect(againHeaders).toEqual(firstHeaders);
    const head = await visitor().head(`/api/images/${photo.id}?w=500`).expect(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    await visitor().get(`/api/images/${photo.id}?w=500`).set('If-None-Match', again.headers.etag as string).expect(304);
    await visitor().get(`/api/images/${photo.id}?w=501`).expect(404);

    // Its residence back to draft: the picture is the catalogue staff's only.
    const { residence } = (await agents.hsa.post('/api/residences/get-one').send({ id: good.residence.id }).expect(200)).body;
    const fields = Object.fromEntries(Object.keys(residenceForm('draft')).map((field) => [field, residence[field]]));
    const drafted = (await agents.hsa.post('/api/residences/update').send({ ...fields, status: 'draft', id: residence.id, version: residence.version }).expect(200)).body.residence;
    await visitor().get(`/api/images/${photo.id}?w=500`).expect(404);
    await agents.hsa.get(`/api/images/${photo.id}?w=500`).expect(200);
    await agents.hsa.post('/api/residences/update').send({ ...fields, status: 'published', id: residence.id, version: drafted.version }).expect(200);
    await visitor().get(`/api/images/${photo.id}?w=500`).expect(200);
  });

  it.runIf(backend.server)('is forgotten by every API process when one of them, or the worker, changes what it shows', async () => {
    const other: NestExpressApplication = await createApp({ ...api.config, seedDemo: false });
    await other.listen(0, '127.0.0.1');
    try {
      const otherServer = other.getHttpServer();
      const details = (server: typeof otherServer) => visitor(server).post('/api/front/goods/details').send({ id: good.id }).expect(200);
      const kept = (await details(otherServer)).body.good.rent_price_cents as number;
      expect((await details(otherServer)).body.good.rent_price_cents).toBe(kept);
      const form = await goodForm();
      await agents.hsa.post('/api/goods/update').send({ ...form, rent_price: (kept - 500) / 100 }).expect(200);
      // Told through Redis: within a few milliseconds.
      await expect.poll(async () => (await details(otherServer)).body.good.rent_price_cents, { interval: 5, timeout: 2_000 }).toBe(kept - 500);
    } finally {
      await other.close();
    }
  });
});
