import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUp, check, readManifest, removeOldBackups, restore } from '../src/backup/backup.js';
import type { AppConfig } from '../src/config/config.js';
import { RecordDocument } from '../src/documents/entities/record-document.entity.js';
import { Record } from '../src/records/entities/record.entity.js';
import { User } from '../src/users/entities/user.entity.js';
import { BACKENDS, loggedIn, newDatabase, startOn, type TestApi } from './backends.js';

const CUSTOMER = 'customer@demo.hsa-lli.fr';

/** A small picture of its own, as a customer's photo of a payslip: each upload a different file. */
const picture = (shade: number) => sharp({ create: { width: 16, height: 16, channels: 3, background: { r: shade % 256, g: 90, b: 140 } } }).png().toBuffer();

describe.each(BACKENDS)('backups that restore, on $name', (backend) => {
  let api: TestApi;
  const folders: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const folder = (name: string) => {
    const made = mkdtempSync(join(tmpdir(), `hsa-lli-${name}-`));
    folders.push(made);
    return made;
  };

  /** A new database and data folder of the same kind as the running one, for a backup to be restored into. */
  async function elsewhere(): Promise<AppConfig> {
    const target: AppConfig = { ...api.config, dataDir: folder('restored'), queuePrefix: `${api.config.queuePrefix}-restored` };
    if (api.config.databaseUrl) {
      const database = await newDatabase(api.config.databaseUrl);
      drops.push(database.drop);
      target.databaseUrl = database.url;
    }
    return target;
  }

  const upload = async (customer: Awaited<ReturnType<typeof loggedIn>>, shade: number) =>
    customer.post('/api/records/documents/upload').set('Origin', api.config.publicUrl).field('type', 'p1_rent_receipts').attach('file', await picture(shade), `quittance-${shade}.png`);

  beforeAll(async () => {
    api = await backend.start({ publicUrl: 'http://hsa.test' });
  });

  afterAll(async () => {
    await api?.stop();
    for (const drop of drops) await drop();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('backs up a running instance with documents, keys apart, and restores it elsewhere: same records, documents readable', async () => {
    const customer = await loggedIn(api, CUSTOMER);
    const sent: number[] = [];
    for (const shade of [10, 20]) {
      const answer = await upload(customer, shade);
      expect(answer.status).toBe(201);
      sent.push(answer.body.document.id as number);
    }
    const originals = await Promise.all(sent.map(async (id) => (await customer.get(`/api/records/documents/${id}/file`).expect(200)).body as Buffer));

    const backups = folder('backups');
    const keys = folder('keys');
    const made = await backUp(api.config, backups, keys);
    const manifest = await readManifest(made);
    expect(manifest).toMatchObject({ format: 1, dialect: api.config.databaseUrl ? 'mariadb' : 'sqlite', keys_apart: true });
    // The key is in the keys folder only, never in the backup's.
    const keyText = readFileSync(join(keys, readdirSync(keys)[0]!, 'documents.key'), 'utf8').trim();
    const everything = readdirSync(made, { recursive: true }).map(String);
    expect(everything.some((name) => name.includes('secrets') || name.endsWith('.key') || name.includes('session-secret'))).toBe(false);
    expect(readFileSync(join(made, manifest.database)).includes(Buffer.from(keyText.split(':')[1]!))).toBe(false);

    // Without the keys, a restore of the embedded default's documents is refused before anything is written.
    const withoutKeys = await elsewhere();
    await expect(restore(withoutKeys, made, null)).rejects.toThrow(/keys folder/);

    const target = await elsewhere();
    await restore(target, made, join(keys, readdirSync(keys)[0]!));
    const found = await check(target);
    expect(found.unreadable).toEqual([]);
    expect(found.documents).toBe(await api.dataSource.getRepository(RecordDocument).count());
    // A second restore into the same place is refused: nothing is mixed.
    await expect(restore(target, made, join(keys, readdirSync(keys)[0]!))).rejects.toThrow(/new/);

    const restored = await startOn(target);
    try {
      for (const entity of [User, Record, RecordDocument]) {
        expect(await restored.dataSource.getRepository(entity).count()).toBe(await api.dataSource.getRepository(entity).count());
      }
      // The customer logs in with their password and reads their documents as they were.
      const again = await loggedIn(restored, CUSTOMER);
      const mine = (await again.post('/api/records/get-mine').expect(200)).body.my_record;
      expect(mine.id).toBe((await customer.post('/api/records/get-mine').expect(200)).body.my_record.id);
      for (const [index, id] of sent.entries()) {
        expect(Buffer.compare((await again.get(`/api/records/documents/${id}/file`).expect(200)).body as Buffer, originals[index]!)).toBe(0);
      }
    } finally {
      await restored.stop();
    }
  }, 120_000);

  it('removes the backups and keys folders older than the delay, never the one just made nor any other folder', async () => {
    const backups = folder('backups');
    const keys = folder('keys');
    const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..+/, 'Z');
    const old = join(backups, 'hsa-lli-20200101T020000Z');
    const oldKeys = join(keys, 'hsa-lli-keys-20200101T020000Z');
    const recent = join(backups, `hsa-lli-${stampOf(new Date(Date.now() - 86_400_000))}`);
    const other = join(backups, 'hsa-lli-notes');
    for (const made of [old, oldKeys, recent, other]) mkdirSync(made);
    writeFileSync(join(backups, 'hsa-lli-20200101T030000Z'), 'not a folder');
    const made = await backUp(api.config, backups, keys);
    const removed = await removeOldBackups([backups, keys], 30, new Date(), made);
    expect(removed.sort()).toEqual([old, oldKeys].sort());
    for (const kept of [made, recent, other, join(backups, 'hsa-lli-20200101T030000Z')]) expect(existsSync(kept)).toBe(true);
    // The one just made is never removed, however short the delay.
    expect(await removeOldBackups([backups], 1, new Date(Date.now() + 10 * 86_400_000), made)).not.toContain(made);
  });

  it('takes a consistent backup while documents are being sent: every document of the copy is there and readable', async () => {
    const customer = await loggedIn(api, CUSTOMER);
    // The file keeps twelve documents of a kind: room for the uploads below.
    for (const document of await api.dataSource.getRepository(RecordDocument).find({ where: { type: 'rent_receipts' } })) {
      await customer.post('/api/records/documents/delete').set('Origin', api.config.publicUrl).send({ id: document.id });
    }
    const before = await api.dataSource.getRepository(RecordDocument).count();
    const uploads = Promise.all(Array.from({ length: 8 }, (_, index) => upload(customer, 30 + index)));
    // One more sent as the backup runs, after its files were listed and before its database was copied.
    let between = 0;
    const made = await backUp(api.config, folder('backups'), folder('keys'), {
      beforeDatabase: async () => {
        const answer = await upload(customer, 50);
        expect(answer.status).toBe(201);
        between = answer.body.document.id as number;
      },
    });
    const answers = await uploads;
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(201));

    const keys = join(folders.at(-1)!, readdirSync(folders.at(-1)!)[0]!);
    const target = await elsewhere();
    await restore(target, made, keys);
    const found = await check(target);
    expect(found.unreadable).toEqual([]);
    expect(found.documents).toBeGreaterThanOrEqual(before + 1);
    expect(found.documents).toBeLessThanOrEqual(before + 9);
    const restored = await startOn(target);
    try {
      expect(await restored.dataSource.getRepository(RecordDocument).existsBy({ id: between })).toBe(true);
    } finally {
      await restored.stop();
    }
  }, 120_000);
});
