import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';
import type { Agent } from './back-office.js';

const FULL = 'Cette pièce compte déjà 12 fichiers : supprimez-en un avant d’en ajouter.';
const SHARED_REFUSED = 'Ce fichier ne peut pas être ajouté par ce lien : contactez la personne qui vous l’a transmis.';

/** A tiny valid picture, different for each `seed` (the same bytes twice would prove nothing about two files). */
function tinyPng(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

describe.each(BACKENDS)('a kind’s file limits under parallel uploads, on $name', (backend) => {
  let api: TestApi;
  let owner: Agent;
  let recordId: number;
  let token: string;

  beforeAll(async () => {
    api = await backend.start({ publicUrl: 'http://hsa.test' });
    owner = await loggedIn(api, 'customer@demo.hsa-lli.fr');
    recordId = (await owner.post('/api/records/get-mine').expect(200)).body.my_record.id;
    const { url } = (await owner.post('/api/records/upload-links/create').send({}).expect(201)).body;
    token = url.split('/').at(-1);
  });

  afterAll(async () => {
    await api?.stop();
  });

  const ownerUpload = async (type: string, seed: number) =>
    owner.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', type).attach('file', await tinyPng(seed), `piece-${seed}.png`);
  const sharedUpload = async (type: string, seed: number) =>
    request(api.server)
      .post('/api/records/shared/upload')
      .set('Origin', api.config.publicUrl)
      .field('record_id', String(recordId))
      .field('token', token)
      .field('type', type)
      .attach('file', await tinyPng(seed), `envoi-${seed}.png`);

  /** The rows of a kind, and whether the files on disk are exactly those of the file's rows (no copy made here). */
  async function kept(type: string) {
    const [person, kind] = [Number(type[1]), type.slice(3)];
    const rows = await api.dataSource.getRepository(RecordDocument).find({ where: { record: { id: recordId }, person, type: kind as RecordDocument['type'] } });
    const all = await api.dataSource.getRepository(RecordDocument).find();
    const folder = join(api.config.dataDir, 'private', 'documents');
    const onDisk = existsSync(folder) ? readdirSync(folder).sort() : [];
    const incoming = join(api.config.dataDir, 'private', 'incoming');
    return {
      rows,
      disk: { files: onDisk, ofRows: all.flatMap((row) => [row.storedName, row.watermarkedName].filter((name): name is string => name !== null)).sort() },
      incoming: existsSync(incoming) ? readdirSync(incoming) : [],
    };
  }

  it('keeps at most 12 files of a multiple kind its owner sends 20 at once, refusing the others in French and keeping nothing of them', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => ownerUpload('p1_payslips', index)));
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual(Array.from({ length: 8 }, () => [409, FULL]));
    const { rows, disk, incoming } = await kept('p1_payslips');
    expect(rows).toHaveLength(12);
    expect(disk.files).toEqual(disk.ofRows);
    expect(incoming).toEqual([]);
  });

  it('keeps one file of a one-file kind its owner sends 6 at once, the others replaced and removed from disk', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => ownerUpload('p1_nat_id', 100 + index)));
    // Each one replaced the one before it.
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 201));
    const { rows, disk, incoming } = await kept('p1_nat_id');
    expect(rows).toHaveLength(1);
    expect(answers.map((answer) => answer.body.document.id)).toContain(rows[0]!.id);
    expect(disk.files).toEqual(disk.ofRows);
    expect(incoming).toEqual([]);
  });

  it('holds the shared link’s limits too: 12 files of a multiple kind, 2 of a one-file kind', async () => {
    const many = await Promise.all(Array.from({ length: 20 }, (_, index) => sharedUpload('p1_rent_receipts', 200 + index)));
    expect(many.filter((answer) => answer.status === 201)).toHaveLength(12);
    expect(many.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.error])).toEqual(Array.from({ length: 8 }, () => [409, SHARED_REFUSED]));
    expect((await kept('p1_rent_receipts')).rows).toHaveLength(12);

    // A one-file kind may get a second file by a link, of which its owner keeps the right one; never a third.
    const few = await Promise.all(Array.from({ length: 6 }, (_, index) => sharedUpload('p1_birth_certificate', 300 + index)));
    expect(few.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(few.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.error])).toEqual(Array.from({ length: 4 }, () => [409, SHARED_REFUSED]));
    const { rows, disk, incoming } = await kept('p1_birth_certificate');
    expect(rows).toHaveLength(2);
    expect(disk.files).toEqual(disk.ofRows);
    expect(incoming).toEqual([]);
  });

  it('leaves its owner one file of a one-file kind that a link gave two, whatever number they send at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => ownerUpload('p1_birth_certificate', 400 + index)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 201));
    const { rows, disk } = await kept('p1_birth_certificate');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('owner');
    expect(disk.files).toEqual(disk.ofRows);
  });
});
