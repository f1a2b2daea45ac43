// The application files under load, on MariaDB: 100,000 files, each with its one or two persons, its wishes, 10
// documents (their rows: the files themselves are not needed), 15 follow-up events and its stage changes, loaded into
// a database of their own that is kept between runs. Logged in as a staff member, it then fires at a fixed rate the
// files' list with each filter and a sort, its searches, the record page's three calls, and exports every file as CSV
// and as XLSX while the API process's memory is sampled. Writes bench/records.md and fails when a budget is missed.
//   npm run bench:records                       (MariaDB as root without password on 127.0.0.1:3306, or BENCH_MARIADB_URL)
//   npm run bench:records -- --reseed           (loads the files again)
//   npm run bench:records -- --only=search,page (only the cases whose name holds one of these words; writes nothing)
// It runs the built API (api/dist): build first.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import { declineReasonText, DOCUMENT_DECLINE_REASON_OPTIONS } from '@hsa-lli/common/back-office';
import {
  COMMUNES,
  DISCOVERY_SOURCES,
  EVENT_TYPE_OPTIONS,
  FLAT_SIZES,
  OUTCOME_OPTIONS,
  RECORD_STAGES,
  requiredDocuments,
  slugify,
} from '@hsa-lli/common/domain';
import { DAY_MS, date, datetime, fire, generator, insertAll, isList, logIn, nextId, percentile, timedPost, waitFor } from './bench-support.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4312);
// An address, not localhost: a name that resolves to ::1 first costs each new connection a refused attempt.
const origin = `http://127.0.0.1:${port}`;
const server = new URL(process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306');
const DATABASE = 'bench_records';
/** The staff member the calls are made as: an hsa, who follows some of the files. */
const STAFF = 'hsa@demo.hsa-lli.fr';

const RESEED = process.argv.includes('--reseed');
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean) ?? null;

/** The budgets (issue 11), at the rate below. */
const BUDGET = { listP95: 100, pageP95: 50, exportSeconds: 60, exportHeapGrowthMb: 10 };
/** The exports' order: the list's default one. */
const EXPORT_SORT = { column: 'created_at', direction: 'desc' };
const RATE = 20;
const WARM_UP_S = 5;
const MEASURE_S = 30;
/** A request still unanswered after this long counts as failed. */
const TIMEOUT_MS = 10_000;
/**
 * The machine is shared: a case is measured once other work takes less than this share of its CPU, and measured again
 * (ATTEMPTS times at most, the calmest kept) when it took more meanwhile.
 */
const QUIET = 0.25;
const ATTEMPTS = 3;

const SIZES = { records: 100_000, documentsPerRecord: 10, eventsPerRecord: 15 };
/** Files generated, then written, at a time. */
const BATCH = 2_000;

// ---------------------------------------------------------------------------------------------------------------
// Data: drawn from a seeded generator, so that every load writes the same rows (but for their dates, from today).

const FEMALE_NAMES = [
  'Maialen', 'Élodie', 'Hélène', 'Maëlle', 'Noémie', 'Léa', 'Chloé', 'Gaëlle', 'Amaia', 'Inès', 'Zoé', 'Anaïs', 'Camille',
  'Manon', 'Sophie', 'Céline', 'Ainhoa', 'Garazi', 'Nahia', 'Maddi', 'Isabelle', 'Nathalie', 'Sandrine', 'Laetitia',
  'Émilie', 'Julie', 'Aurélie', 'Margaux', 'Louise', 'Jade', 'Océane', 'Marion', 'Pauline', 'Estelle', 'Solène',
];
const MALE_NAMES = [
  'Jérôme', 'Benoît', 'Théo', 'Ander', 'Lucas', 'Mathéo', 'Raphaël', 'Nicolas', 'Hugo', 'Joël', 'Xabi', 'Iñaki',
  'François', 'Aurélien', 'Peio', 'Beñat', 'Ibai', 'Unai', 'Mikel', 'Julien', 'Thomas', 'Sébastien', 'Cédric',
  'Grégory', 'Frédéric', 'Stéphane', 'Olivier', 'Guillaume', 'Maxime', 'Antoine', 'Bastien', 'Rémi', 'Loïc', 'Yannick',
];
const LAST_NAMES = [
  'Etcheverry', 'Dupré', 'Lefèvre', 'Garcia', 'Bérard', 'Lacoste', 'Irigoyen', 'Duhalde', 'Mendiburu', 'Ospital',
  'Laborde', 'Martin', 'Bernard', 'Durand', 'Petit', 'Moreau', 'Lefebvre', 'Fontaine', 'Chevalier', 'Rousseau',
  'Élissalde', 'Ithurralde', 'Darrigrand', 'Castéra', 'Pérez', 'Lopez', 'Arrieta', 'Haramboure', 'Sallaberry',
  'Goyhénèche', 'Bergeret', 'Haramburu', 'Larralde', 'Sorhaindo', 'Oyharçabal', 'Hiriart', 'Dufau', 'Lafitte',
  'Curutchet', 'Apesteguy', 'Bidegain', 'Etchebarne', 'Harriet', 'Lassalle', 'Dubois', 'Lambert', 'Bonnet', 'Girard',
  'Mercier', 'Dupuy', 'Labat', 'Cazenave', 'Lalanne', 'Lescure', 'Saint-Martin', 'Dutournier', 'Lagarde', 'Barreteau',
  'Iriart', 'Hourcade', 'Poydenot', 'Sarraute', 'Camblong', 'Minvielle', 'Duboscq', 'Laplace', 'Garat', 'Urrutia',
];
const STREETS = [
  'rue des Écoles', 'avenue de la Gare', 'boulevard Thiers', 'rue Victor-Hugo', 'allée des Platanes', 'chemin de Hargous',
  'rue du Château', 'place de la Liberté', 'avenue du Maréchal-Foch', 'rue Gambetta', 'chemin des Crêtes', 'rue Pannecau',
];
const EMPLOYERS = [
  'Centre hospitalier de la Côte basque', 'Dassault Aviation', 'Mairie de Bayonne', 'Quiksilver', 'Safran Helicopter Engines',
  'Crédit Agricole Pyrénées Gascogne', 'Lycée René-Cassin', 'Leclerc Anglet', 'SNCF Voyageurs', 'Clinique Belharra',
  'Cabinet comptable Etchegaray', 'Boulangerie Pariès', 'Hôtel du Palais', 'Groupe Etchart', 'La Poste',
];
const COMMENTS = [
  'Rappeler en fin de semaine.', 'Intéressé par un T3 proche du centre.', 'Souhaite visiter avant de se décider.',
  'Dossier expliqué, pièces manquantes rappelées.', 'Disponible le matin uniquement.', 'Attend la réponse de son employeur.',
  'Préfère un logement avec balcon.', 'Demande un rendez-vous à l’agence.', 'Messagerie pleine, nouvel essai demain.',
  'A bien reçu la proposition, réponse sous huit jours.',
];
const ORIGINAL_NAMES = {
  nat_id: ['carte-identite.pdf', 'CNI recto verso.pdf', 'passeport.pdf', 'IMG_20250312_101522.jpg'],
  birth_certificate: ['acte-de-naissance.pdf', 'extrait acte naissance.pdf'],
  rent_receipts: ['quittance-janvier.pdf', 'quittance-fevrier.pdf', 'quittance-mars.pdf', 'Quittance loyer.jpg'],
  tax_notices: ['avis-imposition-2024.pdf', 'avis-imposition-2025.pdf', 'avis_IR.pdf'],
  payslips: ['bulletin-de-salaire-janvier.pdf', 'bulletin-de-salaire-fevrier.pdf', 'fiche de paie mars.pdf'],
  employer_contract: ['contrat-de-travail.pdf', 'CDI signé.pdf'],
  retirement_certificate: ['attestation-retraite.pdf', 'notification CARSAT.pdf'],
  kbis: ['extrait-kbis.pdf', 'Kbis 2025.pdf'],
};
const STAGE_WEIGHTS = [
  ['in_progress', 33], ['complete', 10], ['under_review', 12], ['committee', 5], ['allocated', 4], ['lease_signed', 3],
  ['moved_in', 10], ['refused', 8], ['abandoned', 15],
];
/** The way forward, one stage at a time (common/src/domain/follow-up.ts STAGE_MOVES). */
const FORWARD = ['in_progress', 'complete', 'under_review', 'committee', 'allocated', 'lease_signed', 'moved_in'];
const EVENT_WEIGHTS = [
  ['call', 34], ['message', 26], ['interview', 12], ['visit', 11], ['offer', 6], ['refusal_by_applicant', 3], ['refusal_by_provider', 2],
];
const OUTCOMES = OUTCOME_OPTIONS.map((option) => option.value);

/** What the files are drawn among: the demo data's residences, goods and staff. */
async function demoData(connection) {
  const [residences] = await connection.query('SELECT id, status, area FROM residences ORDER BY id');
  const [goods] = await connection.query('SELECT g.id, g.residenceId, g.flatSize, g.enabled, r.status FROM goods g JOIN residences r ON r.id = g.residenceId ORDER BY g.id');
  const [users] = await connection.query('SELECT id, email, firstName, lastName, roles, passwordHash FROM users ORDER BY id');
  const rolesOf = (user) => (typeof user.roles === 'string' ? JSON.parse(user.roles) : user.roles);
  const staff = users
    .filter((user) => rolesOf(user).some((role) => ['admin', 'hsa', 'coordinator'].includes(role)))
    .map((user) => ({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` }));
  const others = staff.filter((user) => user.email !== STAFF);
  return {
    residences,
    published: residences.filter((residence) => residence.status === 'published'),
    goods,
    offered: goods.filter((good) => good.enabled && good.status === 'published'),
    // Who follows a file, reviews a document or records an event: the bench's staff member two times in five.
    staffWeights: [[staff.find((user) => user.email === STAFF), 40], ...others.map((user) => [user, 60 / others.length])],
    passwordHash: users.find((user) => user.email === STAFF).passwordHash,
  };
}

/** One file and everything that hangs on it, as rows of the tables under api/src/records/entities (and its owner's account). */
function drawRecord(random, demo, ids, now) {
  const { id } = ids;
  const createdAt = now - random.int(1, 730) * DAY_MS - random.int(0, DAY_MS);
  const between = (from, to = now) => from + Math.floor(random.next() * Math.max(0, to - from));
  const stage = random.weighted(STAGE_WEIGHTS);

  // The stage's way from « En constitution »: forward one stage at a time, a refusal or an abandon from an open stage.
  let path;
  if (stage === 'refused') path = [...FORWARD.slice(0, random.int(1, 5)), 'refused'];
  else if (stage === 'abandoned') path = [...FORWARD.slice(0, random.int(1, 6)), 'abandoned'];
  else path = FORWARD.slice(0, FORWARD.indexOf(stage) + 1);
  const moveTimes = path
    .slice(1)
    .map(() => between(createdAt))
    .sort((a, b) => a - b);
  const staffOf = () => random.weighted(demo.staffWeights);
  const follower = stage !== 'in_progress' || random.chance(0.2) ? staffOf() : null;

  // The household.
  const couple = random.chance(0.45);
  const dependants = random.weighted([[0, 50], [1, 22], [2, 18], [3, 7], [4, 3]]);
  const members = Array.from({ length: dependants }, (_, index) => {
    const role = index === 0 && random.chance(0.08) ? random.pick(['parent', 'other']) : 'child';
    const born = role === 'child' ? now - random.int(1, 20) * 365 * DAY_MS : now - random.int(60, 90) * 365 * DAY_MS;
    return { first_name: random.pick(random.chance(0.5) ? FEMALE_NAMES : MALE_NAMES), birth_date: date(born - random.int(0, 364) * DAY_MS), role };
  });
  const commune = random.pick(COMMUNES);
  const lastName = random.pick(LAST_NAMES);
  const person = (position) => {
    const proSituation = random.weighted([['cdi', 45], ['cdd', 12], ['ctt', 4], ['etudiants', 7], ['benef_prestas', 5], ['retraite', 12], ['independant', 9], [null, 6]]);
    const firstName = random.pick(random.chance(0.5) ? FEMALE_NAMES : MALE_NAMES);
    const ownName = position === 1 || random.chance(0.45) ? lastName : random.pick(LAST_NAMES);
    const income = { etudiants: [4_000, 14_000], retraite: [14_000, 34_000], benef_prestas: [6_000, 16_000] }[proSituation] ?? [16_000, 52_000];
    return {
      id: ids.person + position - 1,
      position,
      firstName,
      lastName: ownName,
      birthDate: date(now - random.int(proSituation === 'retraite' ? 62 : 19, proSituation === 'retraite' ? 85 : 60) * 365 * DAY_MS - random.int(0, 364) * DAY_MS),
      email: position === 1 || random.chance(0.6) ? `${slugify(firstName)}.${slugify(ownName)}.${id}${position === 2 ? 'b' : ''}@exemple.fr`.replaceAll('-', '') : null,
      phone: random.chance(0.85) ? `0${random.pick(['6', '7'])} ${String(random.int(0, 99_999_999)).padStart(8, '0').replace(/(\d\d)(?=\d)/g, '$1 ')}` : null,
      proSituation,
      housingSituation: random.weighted([['loc_prive', 55], ['loc_social', 15], ['proprio', 8], ['heberge', 22]]),
      taxIncome: random.chance(0.08) ? null : random.int(income[0], income[1]),
      recordId: id,
      address: `${random.int(1, 180)} ${random.pick(STREETS)}`,
      zipCode: commune.zip_code,
      city: commune.label,
      employer: ['cdi', 'cdd', 'ctt', 'independant'].includes(proSituation) ? random.pick(EMPLOYERS) : null,
    };
  };
  const persons = couple ? [person(1), person(2)] : [person(1)];

  // What it wishes: published residences, goods offered on the site (mostly in a residence it wishes).
  const wishedResidences = random.some(demo.published, random.weighted([[0, 5], [1, 65], [2, 20], [3, 10]]));
  const goodsPool = wishedResidences.length > 0 && random.chance(0.8) ? demo.offered.filter((good) => wishedResidences.some((residence) => residence.id === good.residenceId)) : demo.offered;
  const wishedGoods = random.chance(0.6) ? random.some(goodsPool, random.weighted([[1, 70], [2, 25], [3, 5]])) : [];
  const flatSizes = wishedGoods.length > 0 ? [...new Set(wishedGoods.map((good) => good.flatSize))] : random.chance(0.8) ? random.some(['studio', 'T1', 'T2', 'T3', 'T4', 'T5'], random.int(1, 2)) : [];
  const proposed = ['allocated', 'lease_signed', 'moved_in'].includes(stage) ? (wishedGoods[0] ?? random.pick(demo.offered)) : null;

  // Ten documents: the required ones, each validated, waiting or refused, a few missing; several files for the kinds
  // that take several (rent receipts, tax notices, payslips).
  const required = requiredDocuments({ situation: couple ? 'couple' : 'alone', person_1: { pro_situation: persons[0].proSituation }, person_2: couple ? { pro_situation: persons[1].proSituation } : null });
  const done = random.chance(0.2);
  const slots = [];
  for (const name of required) {
    const status = done ? 'validated' : random.weighted([['validated', 45], ['to_process', 30], ['declined', 10], [null, 15]]);
    if (status === null) continue;
    const type = name.slice(3);
    const files = ['rent_receipts', 'tax_notices', 'payslips'].includes(type) ? random.int(1, 3) : 1;
    for (let file = 0; file < files; file += 1) slots.push({ name, status });
  }
  while (slots.length > SIZES.documentsPerRecord) slots.pop();
  const extendable = slots.filter((slot) => ['rent_receipts', 'tax_notices', 'payslips'].includes(slot.name.slice(3)));
  while (slots.length < SIZES.documentsPerRecord) slots.push(extendable.length > 0 ? { ...random.pick(extendable) } : { name: 'p1_rent_receipts', status: 'to_process' });
  const statusOf = new Map();
  for (const slot of slots) statusOf.set(slot.name, [...(statusOf.get(slot.name) ?? []), slot.status]);
  const complete = required.every((name) => (statusOf.get(name) ?? []).length > 0 && statusOf.get(name).every((status) => status === 'validated'));
  const uploads = [];
  const documents = slots.map((slot, index) => {
    const type = slot.name.slice(3);
    const originalName = random.pick(ORIGINAL_NAMES[type]);
    const picture = originalName.endsWith('.jpg');
    const reviewed = slot.status !== 'to_process';
    const uploadedAt = between(createdAt);
    uploads.push(uploadedAt);
    const storedName = `${(ids.document + index).toString(16).padStart(8, '0')}${random.hex(24)}`;
    return {
      id: ids.document + index,
      person: Number(slot.name[1]),
      type,
      originalName,
      storedName,
      contentType: picture ? 'image/jpeg' : 'application/pdf',
      size: picture ? random.int(300_000, 4_000_000) : random.int(60_000, 2_500_000),
      sha256: random.hex(64),
      uploadedAt: datetime(uploadedAt),
      recordId: id,
      keyId: 'bench-1',
      pages: picture ? 1 : random.weighted([[1, 60], [2, 25], [3, 10], [4, 5]]),
      scan: random.chance(0.9) ? 'clean' : 'not_scanned',
      source: random.weighted([['owner', 85], ['shared_link', 10], ['staff', 5]]),
      status: slot.status,
      reason: slot.status === 'declined' ? declineReasonText(random.pick(DOCUMENT_DECLINE_REASON_OPTIONS.slice(0, -1)).value, '') : null,
      reviewedAt: reviewed ? datetime(between(uploadedAt)).slice(0, 19) : null,
      reviewedById: reviewed ? staffOf().id : null,
      watermarkedName: reviewed && random.chance(0.3) ? `${storedName.slice(0, 8)}w${random.hex(23)}` : null,
      watermarkedType: null,
    };
  });
  for (const document of documents) if (document.watermarkedName) document.watermarkedType = document.contentType;

  // Fifteen follow-up events over the file's life, a few planned in the coming weeks for an open file; the lease and
  // the moving in for the files that got there, a refusal for the refused and abandoned ones.
  const open = !['moved_in', 'refused', 'abandoned'].includes(stage);
  const types = Array.from({ length: SIZES.eventsPerRecord }, () => random.weighted(EVENT_WEIGHTS));
  if (stage === 'lease_signed' || stage === 'moved_in') types[types.length - 2] = 'lease_signed';
  if (stage === 'moved_in') types[types.length - 1] = 'move_in';
  if (stage === 'refused') types[types.length - 1] = 'refusal_by_provider';
  if (stage === 'abandoned') types[types.length - 1] = 'refusal_by_applicant';
  const times = types.map(() => between(createdAt)).sort((a, b) => a - b);
  if (open && random.chance(0.3)) times[times.length - 1] = now + random.int(1, 30) * DAY_MS;
  const events = types.map((type, index) => {
    const option = EVENT_TYPE_OPTIONS.find((candidate) => candidate.value === type);
    const actor = staffOf();
    const good = option.good === 'required' ? (random.pick(wishedGoods.length > 0 ? wishedGoods : demo.offered)) : option.good === 'optional' ? proposed : null;
    const at = times[index];
    return {
      id: ids.event + index,
      type,
      reason: option.reasons.length > 0 && (option.reasonRequired || random.chance(0.5)) ? random.pick(option.reasons).value : null,
      at: datetime(at).slice(0, 19),
      outcome: ['call', 'interview', 'visit', 'offer'].includes(type) && at < now ? random.pick(OUTCOMES) : null,
      comment: random.chance(0.25) ? random.pick(COMMENTS) : null,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: datetime(Math.min(at, now) + random.int(0, 3_600_000)),
      recordId: id,
      goodId: good?.id ?? null,
    };
  });

  const stageChanges = path.slice(1).map((to, index) => {
    const actor = staffOf();
    return { id: ids.stageChange + index, from: path[index], to, comment: random.chance(0.15) ? random.pick(COMMENTS) : null, actorId: actor.id, actorName: actor.name, at: datetime(moveTimes[index]), recordId: id };
  });

  const first = persons[0];
  const account = {
    id: ids.user,
    email: first.email,
    passwordHash: random.chance(0.85) ? demo.passwordHash : null,
    roles: '["customer"]',
    firstName: first.firstName,
    lastName: first.lastName,
    phone: first.phone,
    active: 1,
    createdAt: datetime(createdAt),
    updatedAt: datetime(between(createdAt)),
    lastLoginAt: random.chance(0.8) ? datetime(between(createdAt)).slice(0, 19) : null,
    version: 1,
  };
  const record = {
    id,
    reference: `DOS-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(4, '0')}`,
    situation: couple ? 'couple' : 'alone',
    link: couple ? random.weighted([['marie', 40], ['pacse', 30], ['concubin', 25], ['fratrie', 3], ['ascendant', 1], ['descendant', 1]]) : null,
    dependants,
    createdAt: datetime(createdAt),
    updatedAt: datetime(Math.max(createdAt, ...uploads, ...moveTimes)),
    userId: account.id,
    residenceId: proposed?.residenceId ?? null,
    goodId: proposed?.id ?? null,
    members: JSON.stringify(members),
    discoverySource: random.chance(0.85) ? random.pick(DISCOVERY_SOURCES) : null,
    flatSizes: JSON.stringify(flatSizes),
    maxRent: random.chance(0.6) ? random.int(5, 14) * 100 : null,
    completeNotifiedAt: complete ? datetime(between(createdAt)).slice(0, 19) : null,
    stage,
    stageChangedAt: moveTimes.length > 0 ? datetime(moveTimes.at(-1)).slice(0, 19) : null,
    followerId: follower?.id ?? null,
  };
  return {
    account,
    record,
    persons,
    wishedResidences: wishedResidences.map((residence) => ({ recordsId: id, residencesId: residence.id })),
    wishedGoods: wishedGoods.map((good) => ({ recordsId: id, goodsId: good.id })),
    documents,
    events,
    stageChanges,
  };
}

/** The files, a batch at a time, each batch in one transaction. */
async function load(connection) {
  const random = generator(11);
  const demo = await demoData(connection);
  const now = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const ids = {
    id: await nextId(connection, 'records'),
    user: await nextId(connection, 'users'),
    person: await nextId(connection, 'record_persons'),
    document: await nextId(connection, 'record_documents'),
    event: await nextId(connection, 'record_events'),
    stageChange: await nextId(connection, 'record_stage_changes'),
  };
  await connection.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
  for (let start = 0; start < SIZES.records; start += BATCH) {
    const batch = { users: [], records: [], record_persons: [], record_wished_residences: [], record_wished_goods: [], record_documents: [], record_events: [], record_stage_changes: [] };
    for (let index = start; index < Math.min(SIZES.records, start + BATCH); index += 1) {
      const drawn = drawRecord(random, demo, ids, now);
      batch.users.push(drawn.account);
      batch.records.push(drawn.record);
      batch.record_persons.push(...drawn.persons);
      batch.record_wished_residences.push(...drawn.wishedResidences);
      batch.record_wished_goods.push(...drawn.wishedGoods);
      batch.record_documents.push(...drawn.documents);
      batch.record_events.push(...drawn.events);
      batch.record_stage_changes.push(...drawn.stageChanges);
      ids.id += 1;
      ids.user += 1;
      ids.person += drawn.persons.length;
      ids.document += drawn.documents.length;
      ids.event += drawn.events.length;
      ids.stageChange += drawn.stageChanges.length;
    }
    await connection.beginTransaction();
    for (const [table, rows] of Object.entries(batch)) await insertAll(connection, table, rows, 5_000);
    await connection.commit();
    process.stdout.write(`\r  ${Math.min(SIZES.records, start + BATCH).toLocaleString('en')} files written`);
  }
  process.stdout.write('\n');
  await connection.query('SET SESSION unique_checks = 1, foreign_key_checks = 1');
  await connection.query('ANALYZE TABLE users, records, record_persons, record_wished_residences, record_wished_goods, record_documents, record_events, record_stage_changes');
}

async function countRows(connection) {
  const count = async (table) => Number((await connection.query(`SELECT COUNT(*) AS count FROM \`${table}\``))[0][0].count);
  return {
    records: await count('records'),
    persons: await count('record_persons'),
    documents: await count('record_documents'),
    events: await count('record_events'),
    stageChanges: await count('record_stage_changes'),
    residences: await count('residences'),
    goods: await count('goods'),
  };
}

/** Whether the database holds the files already: as many documents and events as drawn (the demo data has none). */
async function isLoaded(connection) {
  // A load that stopped before the tables were made leaves none.
  const counts = await countRows(connection).catch(() => null);
  return counts !== null && counts.records >= SIZES.records && counts.documents === SIZES.records * SIZES.documentsPerRecord && counts.events === SIZES.records * SIZES.eventsPerRecord;
}

// ---------------------------------------------------------------------------------------------------------------
// Load: an open model, each request starting on schedule whatever the earlier ones do; latency from the time a
// request was due to the last byte of its answer.

/** The sorts the list cases go through, one request after another. */
const SORTS = [
  { column: 'reference', direction: 'asc' },
  { column: 'created_at', direction: 'desc' },
  { column: 'last_event_at', direction: 'desc' },
  { column: 'updated_at', direction: 'desc' },
  { column: 'stage', direction: 'asc' },
];
const sortLabel = (sort) => `${sort.column} ${sort.direction}`;

/** The list's cases: each filter alone, then the searches, every request with one of the sorts. */
function listCases(facts) {
  const random = generator(26);
  const page = () => (random.chance(0.8) ? 1 : random.int(2, 5));
  const perPage = () => random.weighted([[25, 70], [50, 20], [100, 10]]);
  const request = (filters) => (index) => ({ ...filters(index), sort: SORTS[index % SORTS.length], page: page(), per_page: perPage() });
  const filtered = (name, described, filters) => ({ name, described, body: request((index) => ({ filters: filters(index) })) });
  return [
    { name: 'No filter', described: 'the list as it opens, only sorted', body: request(() => ({})) },
    filtered('Stage', 'filters.stage, each of the 9 stages in turn', (index) => ({ stage: RECORD_STAGES[index % RECORD_STAGES.length] })),
    filtered('Residence', `filters.residence, each of the ${facts.residenceIds.length} residences in turn (wished, or one of its goods)`, (index) => ({ residence: facts.residenceIds[index % facts.residenceIds.length] })),
    filtered('Good', `filters.good, each of the ${facts.goodIds.length} goods in turn`, (index) => ({ good: facts.goodIds[index % facts.goodIds.length] })),
    filtered('Flat size', `filters.flat_size, each of the ${FLAT_SIZES.length} sizes in turn`, (index) => ({ flat_size: FLAT_SIZES[index % FLAT_SIZES.length] })),
    filtered('Eligible', 'filters.eligible true', () => ({ eligible: true })),
    filtered('Not eligible', 'filters.eligible false', () => ({ eligible: false })),
    filtered('Incomplete', 'filters.incomplete true (a required document missing or refused)', () => ({ incomplete: true })),
    filtered('Complete', 'filters.incomplete false', () => ({ incomplete: false })),
    filtered('Followed by me', 'filters.followed_by_me true', () => ({ followed_by_me: true })),
    {
      name: 'Search by name',
      described: 'search: a last name, part of one, a first and last name, or the start of an e-mail address',
      body: request(() => ({ search: random.pick(facts.names) })),
    },
    {
      name: 'Search by reference',
      described: 'search: a file’s whole reference, or its year and number',
      body: request(() => ({ search: random.pick(facts.references) })),
    },
  ];
}

/** A call of the bench, timed from when it was due. */
const call = (path, body, headers, due, check) => timedPost({ origin, path, body, headers, due, check, timeoutMs: TIMEOUT_MS });

function summary(samples) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1), errors: samples.filter((sample) => sample.error).length };
}

function reportErrors(samples) {
  for (const error of new Set(samples.filter((sample) => sample.error).slice(0, 3).map((sample) => sample.error))) console.error(`  failed: ${error}`);
}

const ms = (value) => `${value.toFixed(1)} ms`;
const line = (row) => `p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, p99 ${ms(row.p99)}, max ${ms(row.max)}, ${row.errors} failed`;

/** Processes whose CPU time is the bench's own: the API, MariaDB's server when it runs here, and this script. */
const watched = { api: null, mariadb: null };

/** CPU time in clock ticks: the machine's busy and total time (/proc/stat), and each watched process's. */
function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const ofProcess = (pid) => {
    if (!pid) return 0;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(stat[11]) + Number(stat[12]);
  };
  return { busy: total - fields[3] - fields[4], total, own: ofProcess(watched.api) + ofProcess(watched.mariadb) + ofProcess(process.pid) };
}

const othersBetween = (before, after) => Math.max(0, after.busy - before.busy - (after.own - before.own)) / (after.total - before.total);

/** Waits, two minutes at most, for other work to take less than QUIET of the CPU over two seconds. */
async function quiet() {
  for (const started = Date.now(); Date.now() - started < 120_000; ) {
    const before = cpuTicks();
    await sleep(2_000);
    if (othersBetween(before, cpuTicks()) < QUIET) return;
  }
}

/**
 * A case's warm-up and measured requests, with the share of the machine's CPU other work took meanwhile; measured
 * again, up to ATTEMPTS times, while that share is over QUIET, the calmest attempt kept.
 */
async function measured(send) {
  let calmest = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    await quiet();
    await fire({ rate: RATE, seconds: WARM_UP_S, firstIndex: 0 }, send);
    const before = cpuTicks();
    const samples = await fire({ rate: RATE, seconds: MEASURE_S, firstIndex: WARM_UP_S * RATE }, send);
    const others = othersBetween(before, cpuTicks());
    if (!calmest || others < calmest.others) calmest = { samples, others };
    calmest.tries = attempt;
    if (others <= QUIET) break;
    if (attempt < ATTEMPTS) console.log(`  other work took ${share(others)} of the CPU meanwhile: measured again`);
  }
  return calmest;
}

const share = (fraction) => `${Math.round(fraction * 100)} %`;

async function measureList(scenario, headers) {
  const send = (index, due) => {
    const body = scenario.body(index);
    return call('/api/records/list', body, headers, due, isList).then((answer) => ({ ...answer, sort: sortLabel(body.sort) }));
  };
  const { samples, others, tries } = await measured(send);
  reportErrors(samples);
  const bySort = SORTS.map((sort) => ({ sort: sortLabel(sort), ...summary(samples.filter((sample) => sample.sort === sortLabel(sort))) }));
  const row = { ...scenario, ...summary(samples), bySort, others, tries };
  row.ok = row.errors === 0 && row.p95 <= BUDGET.listP95 && bySort.every((cell) => cell.p95 <= BUDGET.listP95);
  console.log(`  ${line(row)}, other work ${share(others)} of the CPU: ${row.ok ? 'met' : 'MISSED'}`);
  for (const cell of bySort) console.log(`    ${cell.sort}: p50 ${ms(cell.p50)}, p95 ${ms(cell.p95)}, max ${ms(cell.max)}`);
  return row;
}

/** The record page as it loads: its three calls at once, on a random file each time. */
async function measurePage(recordIds, headers) {
  const random = generator(31);
  const calls = [
    { path: '/api/records/get-one', body: (id) => ({ id }), check: (answer) => (answer.record?.id ? null : 'no record') },
    { path: '/api/records/follow-up', body: (id) => ({ id }), check: (answer) => (Array.isArray(answer.events) ? null : 'no events') },
    { path: '/api/records/upload-links/list-for-record', body: (id) => ({ record_id: id }), check: (answer) => (Array.isArray(answer.data) ? null : 'no data') },
  ];
  const send = async (_index, due) => {
    const id = random.pick(recordIds);
    const answers = await Promise.all(calls.map((page) => call(page.path, page.body(id), headers, due, page.check)));
    return { ms: Math.max(...answers.map((answer) => answer.ms)), error: answers.find((answer) => answer.error)?.error, calls: answers };
  };
  const { samples, others, tries } = await measured(send);
  reportErrors(samples);
  const rows = [
    ...calls.map((page, index) => ({ name: `\`POST ${page.path}\``, ...summary(samples.map((sample) => sample.calls[index])), others, tries })),
    { name: 'The three at once (the page)', ...summary(samples), others, tries },
  ];
  for (const row of rows) {
    row.ok = row.errors === 0 && row.p95 <= BUDGET.pageP95;
    console.log(`  ${row.name}: ${line(row)}: ${row.ok ? 'met' : 'MISSED'}`);
  }
  console.log(`  other work took ${share(others)} of the CPU`);
  return rows;
}

/** Resident memory of a process, in MB, from /proc. */
function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** The API's major garbage collections (its --trace-gc lines): when, and the heap they leave, in MB. */
const majorGcs = [];
const MAJOR_GC = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/**
 * The export of every file through the API: queued, followed until the file is there, downloaded. Its resident memory
 * is read every 100 ms and its major collections are listed, though both mostly tell how much room the collector lets
 * itself take: what the export holds is measured by `heldByExport`.
 */
async function measureExport(format, headers, pid, total) {
  const samples = [];
  const sampler = setInterval(() => samples.push({ at: performance.now(), mb: rssMb(pid) }), 100);
  await sleep(1_000);
  const before = Math.max(...samples.map((sample) => sample.mb));
  const started = performance.now();
  const queued = await fetch(`${origin}/api/records/export`, { method: 'POST', headers, body: JSON.stringify({ format, sort: EXPORT_SORT }) });
  if (queued.status !== 202) throw new Error(`The ${format} export was refused: ${queued.status} ${await queued.text()}`);
  const { job } = await queued.json();
  let file;
  for (;;) {
    const response = await fetch(`${origin}/api/records/export/${job.id}`, { headers });
    if (response.status === 200) {
      file = Buffer.from(await response.arrayBuffer());
      break;
    }
    if (response.status !== 202) throw new Error(`The ${format} export failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    await sleep(250);
  }
  const seconds = (performance.now() - started) / 1000;
  const ended = performance.now();
  await sleep(1_000);
  clearInterval(sampler);
  const live = majorGcs.filter((gc) => gc.at >= started && gc.at <= ended).map((gc) => gc.live);
  // A CSV line per file after the header (no field holds a line break); an XLSX is a zip, its rows compressed.
  const rows = format === 'csv' ? file.toString('utf8').split('\r\n').filter(Boolean).length - 1 : null;
  const row = {
    format,
    seconds,
    bytes: file.length,
    rows,
    majorCollections: live.length === 0 ? '—' : `${live.length}, leaving ${Math.min(...live).toFixed(0)} to ${Math.max(...live).toFixed(0)} MB`,
    rssBefore: before,
    rssPeak: Math.max(...samples.filter((sample) => sample.at >= started && sample.at <= ended).map((sample) => sample.mb)),
    rssAfter: samples.at(-1).mb,
    complete: (rows === null || rows === total) && (format === 'csv' || file.subarray(0, 2).toString() === 'PK'),
  };
  console.log(
    `  ${format.toUpperCase()}: ${seconds.toFixed(1)} s, ${(file.length / 2 ** 20).toFixed(1)} MB${rows === null ? '' : `, ${rows} rows`}; RSS ${before.toFixed(0)} MB before, ${row.rssPeak.toFixed(0)} MB at the peak, ${row.rssAfter.toFixed(0)} MB after; major collections: ${row.majorCollections}`,
  );
  return row;
}

/**
 * What an export holds as it goes: the API's export writer (RecordsExportService, its job run at once) on the built
 * API's classes in this process, a garbage collection forced every 20 batches of 1,000 files and the heap in use read
 * after it. Rows kept would raise it batch after batch.
 */
async function heldByExport(format, dataDir) {
  await import('reflect-metadata');
  const { DataSource } = await import('typeorm');
  const { dataSourceOptions } = await import(join(root, 'api', 'dist', 'database', 'data-source.js'));
  const { RecordsListService } = await import(join(root, 'api', 'dist', 'records', 'records-list.service.js'));
  const { RecordsExportService } = await import(join(root, 'api', 'dist', 'records', 'records-export.service.js'));
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc');
  const dataSource = await new DataSource({ ...dataSourceOptions({ databaseUrl, dataDir }), migrationsRun: false }).initialize();
  try {
    const list = new RecordsListService(dataSource);
    const chunks = list.chunks.bind(list);
    const heap = [];
    list.chunks = async function* (...args) {
      let batch = 0;
      for await (const chunk of chunks(...args)) {
        batch += 1;
        if (batch % 20 === 0) {
          collect();
          heap.push(process.memoryUsage().heapUsed / 2 ** 20);
        }
        yield chunk;
      }
    };
    let job;
    const jobs = { register: (_queue, _name, processor) => (job = processor), enqueue: (_queue, _name, data) => job(data) };
    const exporter = new RecordsExportService(jobs, list, { dataDir });
    try {
      await exporter.start({ format, sort: EXPORT_SORT }, { id: 0 });
    } finally {
      exporter.onModuleDestroy();
    }
    const row = { first: heap[0], max: Math.max(...heap), last: heap.at(-1), samples: heap.length };
    row.growth = row.max - row.first;
    console.log(`  ${format.toUpperCase()} in this process: heap in use ${heap.map((mb) => mb.toFixed(0)).join(', ')} MB after the collections every 20 batches`);
    return row;
  } finally {
    await dataSource.destroy();
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

// ---------------------------------------------------------------------------------------------------------------

const stamp = join(root, 'api', 'dist', '.build-stamp');
if (!existsSync(stamp)) {
  console.error('The API is not built: run `npm run build` first.');
  process.exit(1);
}
if (Math.max(newest(join(root, 'api', 'src')), newest(join(root, 'common', 'src', 'domain'))) > statSync(stamp).mtimeMs) {
  console.warn('The API was built before its sources last changed: these are the figures of the build (`npm run build` to build again).');
}
const wanted = (name) => ONLY === null || ONLY.some((word) => name.toLowerCase().includes(word.toLowerCase()));

const { DEMO_PASSWORD } = await import(join(root, 'api', 'dist', 'seed', 'demo-data.js'));
const databaseUrl = new URL(`/${DATABASE}`, server).toString();
const admin = await mysql.createConnection(server.toString());
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-records-'));
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  RUN_WORKERS: 'true',
  SERVE_APPS: 'false',
  PRERENDER: 'false',
  SMTP_URL: '',
  NODE_ENV: 'development',
  // The bench consults thousands of files: far more than a staff member may in a day.
  RECORD_VIEWS_PER_DAY: '1000000',
};
let api = null;

let cleaned = null;
/** Stops the API and removes the data folder, once, whatever happened; the database stays for the next run. */
function cleanUp() {
  cleaned ??= (async () => {
    if (api && api.exitCode === null && api.signalCode === null) {
      api.kill();
      await once(api, 'exit');
    }
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(1)));
}

const results = { lists: [], page: [], exports: [] };
let facts;
try {
  const [[{ present }]] = await admin.query('SELECT COUNT(*) AS present FROM information_schema.schemata WHERE schema_name = ?', [DATABASE]);
  let connection = present ? await mysql.createConnection({ uri: databaseUrl, charset: 'utf8mb4_unicode_ci', timezone: 'Z' }) : null;
  let loadSeconds = null;
  if (RESEED || !connection || !(await isLoaded(connection))) {
    await connection?.end();
    console.log(`Loading ${SIZES.records.toLocaleString('en')} files into ${DATABASE}…`);
    await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
    await admin.query(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    // Migrations and the demo data, as `npm run seed` loads them into a server database.
    const seed = spawnSync(process.execPath, [join(root, 'api', 'dist', 'seed', 'seed-cli.js')], { cwd: root, env, stdio: 'inherit' });
    if (seed.status !== 0) throw new Error('The demo data could not be loaded');
    connection = await mysql.createConnection({ uri: databaseUrl, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
    const started = performance.now();
    await load(connection);
    loadSeconds = (performance.now() - started) / 1000;
    console.log(`Loaded in ${loadSeconds.toFixed(0)} s.`);
  } else {
    console.log(`${DATABASE} holds the files already (--reseed to load them again).`);
  }
  try {
    const [[staff]] = await connection.query('SELECT id FROM users WHERE email = ?', [STAFF]);
    // The consultations of earlier runs: each run starts from the same audit trail.
    await connection.query('DELETE FROM audit_entries WHERE actorId = ?', [staff.id]);
    const [residences] = await connection.query('SELECT id FROM residences ORDER BY id');
    const [goods] = await connection.query('SELECT id FROM goods ORDER BY id');
    const [records] = await connection.query('SELECT id, reference FROM records ORDER BY id');
    const [persons] = await connection.query('SELECT firstName, lastName, email FROM record_persons WHERE id % 997 = 0');
    const random = generator(41);
    const names = persons.flatMap((person) => [
      person.lastName,
      person.lastName.slice(0, Math.max(4, person.lastName.length - 3)).toLowerCase(),
      `${person.firstName} ${person.lastName}`,
      ...(person.email ? [person.email.split('@')[0].slice(0, 10)] : []),
    ]);
    const references = Array.from({ length: 200 }, () => {
      const { reference } = random.pick(records);
      return random.chance(0.5) ? reference : reference.slice(4);
    });
    facts = {
      ...(await countRows(connection)),
      loadSeconds,
      followedByMe: Number((await connection.query('SELECT COUNT(*) AS count FROM records WHERE followerId = ?', [staff.id]))[0][0].count),
      mariadb: (await connection.query('SELECT VERSION() AS version'))[0][0].version,
      bufferPoolMb: Number((await connection.query('SELECT @@innodb_buffer_pool_size AS size'))[0][0].size) / 2 ** 20,
      residenceIds: residences.map((row) => row.id),
      goodIds: goods.map((row) => row.id),
      recordIds: records.map((row) => row.id),
      names,
      references,
    };
  } finally {
    await connection.end();
  }

  const apiStarted = performance.now();
  api = spawn(process.execPath, ['--trace-gc', join(root, 'api', 'dist', 'main.js')], { stdio: ['ignore', 'pipe', 'inherit'], env });
  createInterface({ input: api.stdout }).on('line', (text) => {
    const gc = MAJOR_GC.exec(text);
    if (gc) majorGcs.push({ at: performance.now(), live: Number(gc[1]) });
  });
  await waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API', 600_000);
  watched.api = api.pid;
  watched.mariadb = Number(spawnSync('pgrep', ['-x', 'mariadbd'], { encoding: 'utf8' }).stdout.split('\n')[0]) || null;
  // At start the API computes the dashboard's figures, which count every event: the calls are measured once that is over.
  await waitFor(async () => (await admin.query(`SELECT COUNT(*) AS count FROM \`${DATABASE}\`.statistics`))[0][0].count > 0, 'the statistics', 600_000);
  facts.startSeconds = (performance.now() - apiStarted) / 1000;
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: await logIn(origin, STAFF, DEMO_PASSWORD) };
  // Files just loaded have no list columns yet: the first list works them out (the API starts on it as it starts).
  const first = await fetch(`${origin}/api/records/list`, { method: 'POST', headers, body: JSON.stringify({ per_page: 10 }), signal: AbortSignal.timeout(600_000) });
  if (!first.ok) throw new Error(`The first list failed: ${first.status} ${await first.text()}`);
  facts.readySeconds = (performance.now() - apiStarted) / 1000;
  facts.loadAverage = loadavg()[0];

  for (const scenario of listCases(facts).filter((candidate) => wanted(candidate.name))) {
    console.log(`${scenario.name}…`);
    results.lists.push(await measureList(scenario, headers));
  }
  if (wanted('record page')) {
    console.log('Record page…');
    results.page = await measurePage(facts.recordIds, headers);
  }
  for (const format of ['csv', 'xlsx'].filter((candidate) => wanted(`export ${candidate}`))) {
    console.log(`Export as ${format.toUpperCase()}…`);
    const row = await measureExport(format, headers, api.pid, facts.records);
    row.held = await heldByExport(format, dataDir);
    row.ok = row.complete && row.seconds <= BUDGET.exportSeconds && row.held.growth <= BUDGET.exportHeapGrowthMb;
    console.log(`  ${row.ok ? 'met' : 'MISSED'}`);
    results.exports.push(row);
  }
} finally {
  await cleanUp();
}

const ok = [...results.lists, ...results.page, ...results.exports].every((row) => row.ok);
if (ONLY !== null) {
  console.log(`Only some cases were run (--only): bench/records.md is left as it was. ${ok ? 'Their budgets are met.' : 'A budget is missed.'}`);
  process.exit(ok ? 0 : 1);
}

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
const changed = git('status', '--porcelain', '--', 'api', 'common') !== '';
const cpu = cpus();
const verdict = (row) => (row.ok ? 'met' : '**MISSED**');
const cells = (row) => `${row.requests} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.errors} | ${share(row.others)}${row.tries > 1 ? ` (calmest of ${row.tries} tries)` : ''}`;
const mb = (value) => `${value.toFixed(0)} MB`;
const report = [
  '# Application files benchmark',
  '',
  `\`npm run bench:records\` (scripts/bench-records.mjs), ${new Date().toISOString().slice(0, 10)}.`,
  '',
  `Machine: a shared ${cpu.length}-core machine (${cpu[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB) on which other work was running; load average ${facts.loadAverage.toFixed(2)} before the first call. Node.js ${process.version}, MariaDB ${facts.mariadb} with its defaults (InnoDB buffer pool of ${facts.bufferPoolMb} MB, smaller than the data); the API built at ${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}, one process, sessions in MariaDB, no Redis (the export job runs in the API process).`,
  '',
  `Data: ${facts.records.toLocaleString('en')} files with ${facts.persons.toLocaleString('en')} persons (one, or two for a couple), ${facts.documents.toLocaleString('en')} documents (ten each: rows only, validated, waiting or refused, a few kinds missing), ${facts.events.toLocaleString('en')} follow-up events (fifteen each over the last two years, a few planned) and ${facts.stageChanges.toLocaleString('en')} stage changes; each file wishes residences and goods among the demo data's ${facts.residences} residences and ${facts.goods} goods, has its customer account; ${facts.followedByMe.toLocaleString('en')} are followed by the staff member the calls are made as. ${facts.loadSeconds === null ? 'Loaded by an earlier run and kept.' : `Loaded in ${facts.loadSeconds.toFixed(0)} s by multi-row INSERTs.`} The API started in ${facts.startSeconds.toFixed(0)} s and answered its first list ${(facts.readySeconds - facts.startSeconds).toFixed(0)} s later (files just loaded get their list columns then).`,
  '',
  `Load: each case on its own, ${RATE} requests/s for ${MEASURE_S} s after ${WARM_UP_S} s of warm-up, logged in as an hsa (RECORD_VIEWS_PER_DAY raised for the bench); open model (a request starts on schedule whatever the earlier ones do). Latency is measured by the client, from the time a request was due to the last byte of its answer. « Other work »: the share of the machine's CPU time (both cores) that processes other than the API, MariaDB and the bench took while a case was measured (/proc/stat), other people's builds and browsers mostly; a case waits for it to fall under ${share(QUIET)}, and is measured again (${ATTEMPTS} tries at most, the calmest kept) when it was over that meanwhile.`,
  '',
  `Budgets (issue 11): the list with one filter and a sort, p95 ≤ ${BUDGET.listP95} ms, for each sort too; the record page's calls p95 ≤ ${BUDGET.pageP95} ms, each and the three at once; the export of every file done in under ${BUDGET.exportSeconds} s, holding no more memory at its end than at its start (the heap in use after a collection at most ${BUDGET.exportHeapGrowthMb} MB above its first reading); no failed request.`,
  '',
  `## The files' list: \`POST /api/records/list\``,
  '',
  `Each request has one filter (or a search) and one of the sorts ${SORTS.map((sort) => `\`${sortLabel(sort)}\``).join(', ')} in turn; page 1 four times in five, else 2 to 5; 25 rows per page, or 50 or 100.`,
  '',
  '| Case | Requests | p50 | p95 | p99 | Max | Errors | Other work | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...results.lists.map((row) => `| ${row.name}: ${row.described} | ${cells(row)} | ${verdict(row)} |`),
  '',
  'p95 by sort:',
  '',
  `| Case | ${SORTS.map(sortLabel).join(' | ')} |`,
  `|---|${SORTS.map(() => '--:').join('|')}|`,
  ...results.lists.map((row) => `| ${row.name} | ${row.bySort.map((cell) => (cell.p95 > BUDGET.listP95 ? `**${ms(cell.p95)}**` : ms(cell.p95))).join(' | ')} |`),
  '',
  '## The record page',
  '',
  `Its three calls at once, as the page loads them, on a file drawn at random each time among the ${facts.records.toLocaleString('en')} (\`get-one\` writes a consultation in the audit trail).`,
  '',
  '| Call | Requests | p50 | p95 | p99 | Max | Errors | Other work | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|--:|:-:|',
  ...results.page.map((row) => `| ${row.name} | ${cells(row)} | ${verdict(row)} |`),
  '',
  '## The export of every file',
  '',
  `\`POST /api/records/export\` without filters (sorted by creation, newest first), then \`GET /api/records/export/:job\` every 250 ms until the file comes; the time runs from the first call to the file downloaded. The API process's resident memory is read from /proc every 100 ms and its major collections listed (it runs with --trace-gc); both mostly tell how much room the collector lets itself take. What the export holds is measured apart: the same writer (RecordsExportService, on the built API's classes) run again in the bench's process, a collection forced every 20 batches of 1,000 files and the heap in use read after it.`,
  '',
  '| Format | Files | Duration | File | API: RSS before, peak, after | API: major collections | Heap held, every 20,000 files | Budget |',
  '|---|--:|--:|--:|--:|--:|--:|:-:|',
  ...results.exports.map(
    (row) =>
      `| ${row.format.toUpperCase()} | ${(row.rows ?? facts.records).toLocaleString('en')} | ${row.seconds.toFixed(1)} s | ${(row.bytes / 2 ** 20).toFixed(1)} MB | ${mb(row.rssBefore)}, ${mb(row.rssPeak)}, ${mb(row.rssAfter)} | ${row.majorCollections} | ${mb(row.held.first)} at first, ${mb(row.held.max)} at most, ${mb(row.held.last)} at the end | ${verdict(row)} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'records.md'), report);
console.log(ok ? 'Every budget is met.' : 'A budget is missed: see bench/records.md.');
process.exit(ok ? 0 : 1);
