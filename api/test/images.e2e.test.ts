import { ROLES, type Role } from '@hsa-lli/common/domain';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { Not } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Good } from '../src/goods/entities/good.entity.js';
import { HistoryService } from '../src/history/history.service.js';
import { Image } from '../src/images/entities/image.entity.js';
import { Residence } from '../src/residences/entities/residence.entity.js';
import { PrerenderService } from '../src/seo/prerender.service.js';
import { agentsByRole, expectOnlyFor, type Agent } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';
import { fixture } from './fixture-files.js';

const CATALOGUE = ['admin', 'hsa'] as const satisfies readonly Role[];
const WIDTHS = [500, 1000, 1500, 2000, 3000];

interface Upload {
  name: string;
  content: Buffer;
  /** What the browser announces: never trusted. */
  type: string;
}

interface ImageAnswer {
  id: number;
  kind: 'photo' | 'plan';
  url: string;
  width: number;
  height: number;
  alt: string;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
const jpeg = async (name = 'facade.jpg'): Promise<Upload> => ({ name, content: await picture(640, 480).jpeg().toBuffer(), type: 'image/jpeg' });
const png = async (name = 'jardin.png'): Promise<Upload> => ({ name, content: await picture(48, 48).png().toBuffer(), type: 'image/png' });
const webp = async (name = 'sejour.webp'): Promise<Upload> => ({ name, content: await picture(80, 40).webp().toBuffer(), type: 'image/webp' });

/** A JPEG whose header says `width` × `height` pixels over the data of a small one: its size is read, never decoded. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const bytes = await picture(64, 48).jpeg().toBuffer();
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

async function eventually(test: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(BACKENDS)('photos and plans of residences and goods on $name', (backend) => {
  let api: TestApi;
  let agents: Record<Role, Agent>;
  let hsa: Agent;
  let residence: Residence;
  let draft: Residence;
  let good: Good;

  const imagesFolder = () => join(api.config.dataDir, 'public', 'images');
  const originals = () => readdirSync(imagesFolder()).filter((name) => name !== 'renditions').sort();
  const uploadsLeft = () => (existsSync(join(api.config.dataDir, 'uploads')) ? readdirSync(join(api.config.dataDir, 'uploads')) : []);
  const rendered = (id: number) => WIDTHS.every((width) => existsSync(join(imagesFolder(), 'renditions', `${id}-${width}.webp`)));
  /** Whether every picture uploaded by these tests, and still there, has all its widths. */
  const renderedAll = async () => (await api.dataSource.getRepository(Image).findBy({ contentType: Not('image/svg+xml') })).every(({ id }) => rendered(id));
  const imageCount = () => api.dataSource.getRepository(Image).count();

  /** An upload as the back office sends it: multipart, from a page of this site. */
  function upload(agent: Agent | ReturnType<typeof request>, fields: Record<string, string | number>, files: Upload[]) {
    let call = agent.post('/api/images/upload').set('Origin', api.config.publicUrl);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, String(value));
    for (const file of files) call = call.attach('files', file.content, { filename: file.name, contentType: file.type });
    return call;
  }
  const toResidence = (id = residence.id) => ({ owner: 'residence', owner_id: id, kind: 'photo' });

  beforeAll(async () => {
    api = await backend.start();
    agents = await agentsByRole(api);
    hsa = agents.hsa;
    residence = await api.dataSource.getRepository(Residence).findOneByOrFail({ slug: 'residence-arrosa-bayonne' });
    draft = await api.dataSource.getRepository(Residence).findOneByOrFail({ status: 'draft' });
    good = await api.dataSource.getRepository(Good).findOneOrFail({ where: { residence: { id: residence.id } }, order: { id: 'ASC' } });
  });

  afterAll(async () => {
    // The renderings still queued end before the database closes.
    if (api) await eventually(() => renderedAll(), 120_000).catch(() => undefined);
    await api?.stop();
  });

  it('takes uploads from admin and hsa only', async () => {
    for (const role of ROLES) {
      const response = await upload(agents[role], toResidence(), [await png()]);
      expect(response.status, role).toBe((CATALOGUE as readonly Role[]).includes(role) ? 201 : 403);
    }
    expect((await upload(request(api.server), toResidence(), [await png()])).status).toBe(401);
    expect(uploadsLeft()).toEqual([]);
  });

  it('opens the alternative text, order and deletion to admin and hsa only', async () => {
    const [first] = (await upload(hsa, toResidence(), [await png()]).expect(201)).body.data.slice(-1) as ImageAnswer[];
    await expectOnlyFor(api, agents, '/api/images/update', { id: first!.id, alt: 'Façade côté rue' }, CATALOGUE);
    await expectOnlyFor(api, agents, '/api/images/reorder', { ...toResidence(), ids: [first!.id] }, CATALOGUE);
    await expectOnlyFor(api, agents, '/api/images/delete', { id: 999_999 }, CATALOGUE);
  });

  it('answers 404 with no body for an unknown picture, residence or good', async () => {
    for (const owner of ['residence', 'good']) {
      const response = await upload(hsa, { owner, owner_id: 999_999, kind: 'photo' }, [await jpeg()]).expect(404);
      expect(response.text).toBe('');
    }
    for (const [path, body] of [
      ['/api/images/update', { id: 999_999, alt: 'Façade' }],
      ['/api/images/delete', { id: 999_999 }],
      ['/api/images/reorder', { ...toResidence(999_999), ids: [1] }],
    ] as const) {
      const response = await hsa.post(path).send(body).expect(404);
      expect(response.text, path).toBe('');
    }
    expect(uploadsLeft()).toEqual([]);
  });

  it('adds several pictures after the existing ones with a French alternative text, then renders their widths in a job', async () => {
    const existing = await api.dataSource.getRepository(Image).find({ where: { residence: { id: residence.id }, kind: 'photo' }, order: { position: 'ASC' } });
    const { body } = await upload(hsa, toResidence(), [await jpeg(), await png(), await webp()]).expect(201);
    const data = body.data as ImageAnswer[];
    expect(data.map((image) => image.id).slice(0, existing.length)).toEqual(existing.map((image) => image.id));
    const added = data.slice(existing.length);
    expect(added).toEqual([
      { id: expect.any(Number), kind: 'photo', url: `/api/images/${added[0]!.id}`, width: 640, height: 480, alt: 'Photo de la résidence Arrosa' },
      { id: expect.any(Number), kind: 'photo', url: `/api/images/${added[1]!.id}`, width: 48, height: 48, alt: 'Photo de la résidence Arrosa' },
      { id: expect.any(Number), kind: 'photo', url: `/api/images/${added[2]!.id}`, width: 80, height: 40, alt: 'Photo de la résidence Arrosa' },
    ]);
    await eventually(() => added.every(({ id }) => rendered(id)));
    const served = await request(api.server).get(`${added[0]!.url}?w=500`).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(500);
    // A bitmap is never enlarged: wider widths keep its own.
    const wide = await request(api.server).get(`${added[0]!.url}?w=1000`).expect(200);
    expect((await sharp(wide.body as Buffer).metadata()).width).toBe(640);
    const history = await api.app.get(HistoryService).list('residence', residence.id);
    expect(history[0]).toMatchObject({ actor: expect.any(String), action: 'Photos ajoutées (3)' });
    expect(history[0]!.actor).not.toBe('La plateforme');
  });

  it('adds a plan to a good, in its own list apart from the photos', async () => {
    const { body } = await upload(hsa, { owner: 'good', owner_id: good.id, kind: 'plan' }, [await png('plan.png')]).expect(201);
    const plans = body.data as ImageAnswer[];
    expect(plans.every((image) => image.kind === 'plan')).toBe(true);
    expect(plans.at(-1)!.alt).toBe(`Plan du logement ${good.reference}`);
    const photos = (await upload(hsa, { owner: 'good', owner_id: good.id, kind: 'photo' }, [await jpeg()]).expect(201)).body.data as ImageAnswer[];
    expect(photos.every((image) => image.kind === 'photo')).toBe(true);
    expect(photos.at(-1)!.alt).toBe(`Photo du logement ${good.reference}`);
    const history = await api.app.get(HistoryService).list('good', good.id);
    expect(history.slice(0, 2).map((entry) => entry.action)).toEqual(['Photo ajoutée', 'Plan ajouté']);
    const removed = (await hsa.post('/api/images/delete').send({ id: plans.at(-1)!.id }).expect(200)).body.data as ImageAnswer[];
    expect(removed.map((image) => image.id)).toEqual(plans.slice(0, -1).map((image) => image.id));
    expect((await api.app.get(HistoryService).list('good', good.id))[0]!.action).toBe('Plan supprimé');
  });

  it('refuses a plan for a residence, no file, and more than 20 files, in French', async () => {
    const plan = await upload(hsa, { owner: 'residence', owner_id: residence.id, kind: 'plan' }, [await png()]).expect(400);
    expect(plan.body.fields).toEqual({ kind: 'Une résidence n’a pas de plan : joignez-le à l’un de ses logements.' });
    const none = await upload(hsa, toResidence(), []).expect(400);
    expect(none.body.fields).toEqual({ files: 'Choisissez au moins une image.' });
    const small = await png();
    const many = await upload(hsa, toResidence(), Array.from({ length: 21 }, () => small)).expect(400);
    expect(many.body.fields).toEqual({ files: 'Envoyez 20 images au plus à la fois.' });
    const wrong = await upload(hsa, { owner: 'flat', owner_id: 'abc', kind: 'video', extra: 1 }, [small]).expect(400);
    expect(Object.keys(wrong.body.fields).sort()).toEqual(['extra', 'kind', 'owner', 'owner_id']);
    const elsewhere = await upload(hsa, toResidence(), [small]).attach('photo', small.content, 'autre.png').expect(400);
    expect(elsewhere.body.fields).toEqual({ photo: "Ce champ n'est pas attendu." });
    const empty = await hsa.post('/api/images/reorder').send({ ...toResidence(), ids: [] }).expect(400);
    expect(empty.body.fields).toEqual({ ids: 'Indiquez les images dans leur nouvel ordre.' });
    expect(uploadsLeft()).toEqual([]);
  });

  it('takes files as multipart only from a page of this site', async () => {
    const file = await png();
    const bare = await hsa.post('/api/images/upload').field('owner', 'residence').field('owner_id', String(residence.id)).field('kind', 'photo').attach('files', file.content, 'a.png');
    expect(bare.status).toBe(415);
    const elsewhere = await upload(hsa, toResidence(), [file]).set('Origin', 'https://ailleurs.example');
    expect(elsewhere.status).toBe(403);
    const otherRoute = await hsa.post('/api/images/update').set('Origin', api.config.publicUrl).field('id', '1').field('alt', 'Façade');
    expect(otherRoute.status).toBe(415);
  });

  describe('hostile files: a French message naming the file, and nothing of the upload stored', () => {
    const cases: [string, () => Promise<Upload[]>, RegExp][] = [
      ['a script renamed .jpg', async () => [{ name: 'vacances.jpg', content: Buffer.from('#!/bin/sh\nrm -rf /\n'), type: 'image/jpeg' }], /^Le fichier « vacances\.jpg » n’est pas une image JPEG, PNG, WebP ou HEIC\.$/],
      [
        'an SVG',
        async () => [{ name: 'plan.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }],
        /^Le fichier « plan\.svg » n’est pas une image/,
      ],
      ['a PDF', async () => [{ name: 'plan.pdf', content: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), type: 'application/pdf' }], /^Le fichier « plan\.pdf » n’est pas une image/],
      [
        'a truncated JPEG',
        async () => {
          const whole = await picture(400, 300).jpeg().toBuffer();
          return [{ name: 'coupee.jpg', content: whole.subarray(0, Math.floor(whole.length * 0.6)), type: 'image/jpeg' }];
        },
        /^L’image « coupee\.jpg » est abîmée ou incomplète/,
      ],
      [
        'a 16 MB file',
        async () => {
          const start = await picture(64, 48).jpeg().toBuffer();
          return [{ name: 'enorme.jpg', content: Buffer.concat([start, Buffer.alloc(16 * 1024 * 1024 - start.length)]), type: 'image/jpeg' }];
        },
        /^Le fichier « enorme\.jpg » dépasse 15 Mo/,
      ],
      [
        'a small file declaring a huge picture',
        async () => [{ name: 'bombe.png', content: await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } }).png().toBuffer(), type: 'image/png' }],
        /^L’image « bombe\.png » est trop grande \(plus de 60 millions de pixels\)/,
      ],
      [
        // sharp's own limit (268 million pixels) made it « abîmée » when its size was read.
        'a JPEG declaring 289 million pixels',
        async () => [{ name: 'panorama.jpg', content: await jpegDeclaring(17_000, 17_000), type: 'image/jpeg' }],
        /^L’image « panorama\.jpg » est trop grande \(plus de 60 millions de pixels\)/,
      ],
      [
        'one good file and one bad one',
        async () => [await jpeg('bonne.jpg'), { name: 'mauvaise.png', content: Buffer.from('MZ\x90\x00 not a picture'), type: 'image/png' }],
        /^Le fichier « mauvaise\.png » n’est pas une image/,
      ],
    ];

    it.each(cases)('%s', async (_, files, message) => {
      const [count, stored] = [await imageCount(), originals()];
      const history = await api.app.get(HistoryService).list('residence', residence.id);
      const { body } = await upload(hsa, toResidence(), await files()).expect(400);
      expect(body).toEqual({ error: 'Aucune image n’a été enregistrée.', fields: { files: expect.stringMatching(message) } });
      expect(await imageCount()).toBe(count);
      expect(originals()).toEqual(stored);
      expect(uploadsLeft()).toEqual([]);
      expect(await api.app.get(HistoryService).list('residence', residence.id)).toEqual(history);
    });
  });

  it('takes a phone’s HEIC photo and stores it as a JPEG, rendered like the others', async () => {
    const before = originals();
    const { body } = await upload(hsa, toResidence(), [{ name: 'IMG_0042.HEIC', content: fixture('photo.heic'), type: 'application/octet-stream' }]).expect(201);
    const added = (body.data as ImageAnswer[]).at(-1)!;
    expect(added).toMatchObject({ width: 160, height: 96 });
    expect(originals().filter((name) => !before.includes(name))).toEqual([expect.stringMatching(/\.jpg$/)]);
    await eventually(() => rendered(added.id));
    const served = await request(api.server).get(`${added.url}?w=500`).expect(200);
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('webp');
    expect(uploadsLeft()).toEqual([]);
  });

  it('stores a JPEG upright, without its EXIF and GPS position, readable by the service account only', async () => {
    const taken = await picture(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Jean Dupont', Orientation: '6' }, IFD3: { GPSMapDatum: 'WGS-84', GPSLatitudeRef: 'N', GPSLatitude: '43/1 29/1 0/1' } })
      .toBuffer();
    const sent = await sharp(taken).metadata();
    expect([sent.orientation, sent.exif?.includes('WGS-84'), sent.exif?.includes('Jean Dupont')]).toEqual([6, true, true]);
    const { body } = await upload(hsa, toResidence(), [{ name: 'telephone.jpg', content: taken, type: 'image/jpeg' }]).expect(201);
    const added = (body.data as ImageAnswer[]).at(-1)!;
    expect([added.width, added.height]).toEqual([20, 40]);
    const image = await api.dataSource.getRepository(Image).findOneByOrFail({ id: added.id });
    const file = join(imagesFolder(), image.fileName);
    const content = readFileSync(file);
    const kept = await sharp(content).metadata();
    expect([kept.format, kept.width, kept.height, kept.orientation, kept.exif]).toEqual(['jpeg', 20, 40, undefined, undefined]);
    expect(content.includes('WGS-84')).toBe(false);
    expect(content.includes('Jean Dupont')).toBe(false);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('changes the alternative text, with French messages for a wrong one', async () => {
    const [image] = (await upload(hsa, toResidence(), [await png()]).expect(201)).body.data.slice(-1) as ImageAnswer[];
    const { body } = await hsa.post('/api/images/update').send({ id: image!.id, alt: '  Entrée de la résidence, côté jardin  ' }).expect(200);
    expect(body).toEqual({ image: { ...image, alt: 'Entrée de la résidence, côté jardin' } });
    const [entry] = await api.app.get(HistoryService).list('residence', residence.id);
    expect(entry).toMatchObject({
      action: 'Texte alternatif modifié',
      changes: [{ field: 'alt', before: 'Photo de la résidence Arrosa', after: 'Entrée de la résidence, côté jardin' }],
    });
    const empty = await hsa.post('/api/images/update').send({ id: image!.id, alt: '   ' }).expect(400);
    expect(empty.body.fields.alt).toMatch(/^Indiquez le texte alternatif/);
    const long = await hsa.post('/api/images/update').send({ id: image!.id, alt: 'a'.repeat(256) }).expect(400);
    expect(long.body.fields.alt).toBe('Le texte alternatif ne peut pas dépasser 255 caractères.');
    const missing = await hsa.post('/api/images/update').send({ id: image!.id }).expect(400);
    expect(missing.body.fields.alt).toBe('Indiquez le texte alternatif.');
  });

  it('puts the pictures in the order given, which must name each of them once', async () => {
    const current = (await upload(hsa, toResidence(), [await png()]).expect(201)).body.data as ImageAnswer[];
    const ids = current.map((image) => image.id);
    const reversed = [...ids].reverse();
    const { body } = await hsa.post('/api/images/reorder').send({ ...toResidence(), ids: reversed }).expect(200);
    expect((body.data as ImageAnswer[]).map((image) => image.id)).toEqual(reversed);
    const again = (await upload(hsa, toResidence(), [await png()]).expect(201)).body.data as ImageAnswer[];
    expect(again.map((image) => image.id).slice(0, -1)).toEqual(reversed);
    expect((await api.app.get(HistoryService).list('residence', residence.id))[1]!.action).toBe('Ordre des photos modifié');
    const all = again.map((image) => image.id);
    const plan = (await upload(hsa, { owner: 'good', owner_id: good.id, kind: 'plan' }, [await png()]).expect(201)).body.data as ImageAnswer[];
    for (const wrong of [all.slice(1), [...all, all[0]], [...all.slice(1), plan[0]!.id], [...all.slice(1), 999_999]]) {
      const refused = await hsa.post('/api/images/reorder').send({ ...toResidence(), ids: wrong }).expect(400);
      expect(refused.body.fields).toEqual({ ids: 'Indiquez chacune des photos de cette liste une fois, et elles seules : rechargez la page.' });
    }
  });

  it('deletes a picture with its file and renderings, and answers the ones left', async () => {
    const before = (await upload(hsa, toResidence(), [await png()]).expect(201)).body.data as ImageAnswer[];
    const victim = before.at(-1)!;
    const { fileName } = await api.dataSource.getRepository(Image).findOneByOrFail({ id: victim.id });
    const renditions = join(imagesFolder(), 'renditions');
    await eventually(() => rendered(victim.id), 60_000);
    const { body } = await hsa.post('/api/images/delete').send({ id: victim.id }).expect(200);
    expect(body).toEqual({ data: before.slice(0, -1) });
    expect(existsSync(join(imagesFolder(), fileName))).toBe(false);
    expect(WIDTHS.filter((width) => existsSync(join(renditions, `${victim.id}-${width}.webp`)))).toEqual([]);
    await request(api.server).get(victim.url).expect(404);
    expect((await api.app.get(HistoryService).list('residence', residence.id))[0]!.action).toBe('Photo supprimée');
    await hsa.post('/api/images/delete').send({ id: victim.id }).expect(404);
  });

  it('serves the pictures of a draft residence to the staff, never to visitors', async () => {
    const { body } = await upload(hsa, toResidence(draft.id), [await jpeg()]).expect(201);
    const added = (body.data as ImageAnswer[]).at(-1)!;
    const hidden = await request(api.server).get(added.url).expect(404);
    expect(hidden.text).toBe('');
    await agents.customer.get(added.url).expect(404);
    const staff = await hsa.get(added.url).expect(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const published = (await upload(hsa, toResidence(), [await jpeg()]).expect(201)).body.data.at(-1) as ImageAnswer;
    await request(api.server).get(published.url).expect(200);
  });

  it('asks for the public pages to be rendered again after each change of a picture', async () => {
    const requested = vi.spyOn(api.app.get(PrerenderService), 'request');
    try {
      const { body } = await upload(hsa, toResidence(), [await png()]).expect(201);
      const ids = (body.data as ImageAnswer[]).map((image) => image.id);
      const added = ids.at(-1)!;
      const after = async (call: () => Promise<unknown>) => {
        const count = requested.mock.calls.length;
        await call();
        return requested.mock.calls.length - count;
      };
      expect(requested.mock.calls.length).toBeGreaterThan(0);
      expect(await after(() => hsa.post('/api/images/update').send({ id: added, alt: 'Hall d’entrée' }).expect(200))).toBeGreaterThan(0);
      expect(await after(() => hsa.post('/api/images/reorder').send({ ...toResidence(), ids: [...ids].reverse() }).expect(200))).toBeGreaterThan(0);
      expect(await after(() => hsa.post('/api/images/delete').send({ id: added }).expect(200))).toBeGreaterThan(0);
    } finally {
      requested.mockRestore();
    }
  });
});
