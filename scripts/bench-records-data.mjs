// The data set of the benchmarks that need many application files (bench:records, bench:stats): 100,000 files, each
// with its one or two persons, its wishes, 10 documents (their rows: the files themselves are not needed), 15
// follow-up events and its stage changes over the last three years, and the contact requests of the public site (some
// of which became the files), loaded into a MariaDB database of their own that is kept between runs, through the
// API's entities (api/dist/test-data).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { demoData, drawContacts, drawRecord, SIZES, STAFF } from './bench-records-draw.mjs';
import { DAY_MS, generator, testDataModule, waitFor } from './bench-support.mjs';

export { SIZES, STAFF };

const root = join(import.meta.dirname, '..');
export const DATABASE = 'bench_records';
/**
 * What the rows drawn look like, kept as the database's comment: a database loaded by an older version of this file
 * is loaded again. Raise it when the rows drawn change.
 */
const SEED_VERSION = 'bench-records seed 2';
/** Files generated, then written, at a time. */
const BATCH = 2_000;

/** The files, a batch at a time, each batch in one transaction, written through the entities. */
async function load(data, entities) {
  const { ContactForm, Record, RecordDocument, RecordEvent, RecordPerson, RecordStageChange, User } = entities;
  const random = generator(11);
  const contactRandom = generator(12);
  const demo = await demoData(data, entities);
  const now = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const ids = {
    id: await data.nextId(Record),
    user: await data.nextId(User),
    person: await data.nextId(RecordPerson),
    document: await data.nextId(RecordDocument),
    event: await data.nextId(RecordEvent),
    stageChange: await data.nextId(RecordStageChange),
    contact: await data.nextId(ContactForm),
  };
  for (let start = 0; start < SIZES.records; start += BATCH) {
    const batch = { users: [], files: [], contactForms: [] };
    for (let index = start; index < Math.min(SIZES.records, start + BATCH); index += 1) {
      const drawn = drawRecord(random, demo, ids, now);
      batch.users.push(drawn.account);
      batch.files.push(drawn.record);
      batch.contactForms.push(...drawContacts(contactRandom, drawn, ids, now));
      ids.id += 1;
      ids.user += 1;
      ids.person += drawn.record.persons.length;
      ids.document += drawn.record.documents.length;
      ids.event += drawn.record.events.length;
      ids.stageChange += drawn.record.stageChanges.length;
    }
    await data.transaction(async () => {
      await data.users(batch.users);
      await data.files(batch.files);
      await data.insert(ContactForm, batch.contactForms);
    });
    process.stdout.write(`\r  ${Math.min(SIZES.records, start + BATCH).toLocaleString('en')} files written`);
  }
  process.stdout.write('\n');
  await data.analyze([User, Record, RecordPerson, RecordDocument, RecordEvent, RecordStageChange, ContactForm]);
}

/** How many rows the data set holds, through the entities. */
export async function countRows(data) {
  const { ContactForm, Good, IsNull, Not, Record, RecordDocument, RecordEvent, RecordPerson, RecordStageChange, Residence } = await testDataModule();
  const count = (entity, where) => data.manager.count(entity, { where });
  return {
    records: await count(Record),
    persons: await count(RecordPerson),
    documents: await count(RecordDocument),
    events: await count(RecordEvent),
    stageChanges: await count(RecordStageChange),
    contactForms: await count(ContactForm),
    convertedContactForms: await count(ContactForm, { record: Not(IsNull()) }),
    residences: await count(Residence),
    goods: await count(Good),
  };
}

/**
 * Whether the database holds the files already, drawn as this file draws them: as many documents and events as drawn
 * (the demo data has none), and the seed's version as the database's comment (written once a load is over).
 */
async function isLoaded(admin, data) {
  // A load that stopped before the tables were made leaves none.
  const counts = await countRows(data).catch(() => null);
  const [[schema]] = await admin.query('SELECT schema_comment AS seed FROM information_schema.schemata WHERE schema_name = ?', [DATABASE]);
  return (
    counts !== null &&
    schema?.seed === SEED_VERSION &&
    counts.records >= SIZES.records &&
    counts.documents === SIZES.records * SIZES.documentsPerRecord &&
    counts.events === SIZES.records * SIZES.eventsPerRecord
  );
}

/**
 * The data set's database, loaded when it is not there yet (or is from an older seed, or `reseed` asks): the
 * migrations and the demo data as `npm run seed` loads them (the built API's seed-cli run with `env`), then the
 * files, through the test data's bulk session (no unique or foreign key checks). Answers a test-data session on it
 * (api/dist/test-data), to close once done, and how long the load took (null when it was there already).
 */
export async function openDataSet({ admin, databaseUrl, env, reseed }) {
  const testData = await testDataModule();
  const [[{ present }]] = await admin.query('SELECT COUNT(*) AS present FROM information_schema.schemata WHERE schema_name = ?', [DATABASE]);
  if (present && !reseed) {
    const data = await testData.openTestData({ databaseUrl });
    if (await isLoaded(admin, data)) {
      console.log(`${DATABASE} holds the files already (--reseed to load them again).`);
      return { data, loadSeconds: null };
    }
    await data.close();
  }
  console.log(`Loading ${SIZES.records.toLocaleString('en')} files into ${DATABASE}…`);
  await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  await admin.query(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  // The demo data without its year of history: the data set's own files are the ones measured.
  const seed = spawnSync(process.execPath, [join(root, 'api', 'dist', 'seed', 'seed-cli.js')], { cwd: root, env: { ...env, DEMO_HISTORY: 'false' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('The demo data could not be loaded');
  const started = performance.now();
  const bulk = await testData.openTestData({ databaseUrl }, { bulk: true });
  try {
    await load(bulk, testData);
  } finally {
    await bulk.close();
  }
  const loadSeconds = (performance.now() - started) / 1000;
  await admin.query(`ALTER DATABASE \`${DATABASE}\` COMMENT = ?`, [SEED_VERSION]);
  console.log(`Loaded in ${loadSeconds.toFixed(0)} s.`);
  return { data: await testData.openTestData({ databaseUrl }), loadSeconds };
}

/** When the API last computed the statistics on the data set (in milliseconds), or null. */
export async function lastStatistics(data) {
  const { StatisticRefresh } = await testDataModule();
  const [latest] = await data.manager.find(StatisticRefresh).catch(() => []);
  return latest?.computedAt.getTime() ?? null;
}

/**
 * Waits for the API to have computed the statistics again since `previous` (lastStatistics before it started): it
 * computes them as it starts, counting every event, and the calls are measured once that is over.
 */
export async function waitForStatistics(data, previous) {
  await waitFor(async () => {
    const at = await lastStatistics(data);
    return at !== null && at !== previous;
  }, 'the statistics', 600_000);
}
