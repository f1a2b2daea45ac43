// The back office's list calls under load, on MariaDB: 2,000 residences, 20,000 goods and 5,000 accounts loaded
// into a fresh database, then each call fired at a steady rate with a filter and a sort. Writes bench/lists.md and
// fails when a call's p95 is over the budget or a request fails.
//   npm run bench:lists            (MariaDB as root without password on 127.0.0.1:3306; BENCH_MARIADB_URL for another)
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import {
  ADVANTAGE_OPTIONS,
  CERTIFICATION_OPTIONS,
  FLAT_SIZE_OPTIONS,
  labelOf,
  RESIDENCE_STATUSES,
  ROLES,
  rentCeilingCents,
  slugify,
} from '@hsa-lli/common/domain';
import { at, atSecond, benchApiEnv, cleanUpOnce, DAY_MS, date, fire, generator, isList, logIn, percentile, stop, testDataModule, timedPost, waitFor } from './bench-support.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4310);
// An address, not localhost: a name that resolves to ::1 first costs each new connection a refused attempt.
const origin = `http://127.0.0.1:${port}`;
const server = new URL(process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306');
const DATABASE = 'hsa_bench';
const DEMO_ADMIN = 'admin@demo.hsa-lli.fr';

/** The budget of every list call, at the rate below. */
const BUDGET_P95_MS = 50;
const RATE = 50;
const WARM_UP_S = 3;
const MEASURE_S = 20;
/** A request still unanswered after this long counts as failed. */
const TIMEOUT_MS = 10_000;

const SIZES = { residences: 2_000, goodsPerResidence: 10, users: 5_000 };

// ---------------------------------------------------------------------------------------------------------------
// Data: drawn from a seeded generator, so that every run loads the same rows.

const NOW = Date.UTC(2026, 4, 15, 12);

const RESIDENCE_NAMES = [
  'Résidence Les Tilleuls', 'Le Clos des Vignes', 'Les Jardins de la Nive', 'Villa Harmonie', 'Le Domaine des Chênes',
  'Les Terrasses du Port', 'L’Orée du Parc', 'Le Carré Lumière', 'Les Balcons de l’Adour', 'Résidence Arcadia',
  'Les Hauts de Sainte-Croix', 'Le Patio Saint-Michel', 'Les Allées Marines', 'Résidence Belvédère', 'Le Quai des Arts',
  'Les Coteaux d’Ossau', 'Le Square Lafayette', 'Résidence Aquitaine', 'Les Pins Francs', 'L’Écrin Vert',
  'Le Hameau de Larrun', 'Les Rives de la Garonne', 'Résidence Océane', 'Le Parc Beaumont', 'Les Jardins d’Éole',
];
const STREETS = ['rue des Écoles', 'avenue de la Gare', 'boulevard Thiers', 'rue Victor-Hugo', 'allée des Platanes', 'chemin de Hargous', 'rue du Château', 'place de la Liberté'];
const FIRST_NAMES = [
  'Maialen', 'Élodie', 'Hélène', 'Jérôme', 'Benoît', 'Maëlle', 'Noémie', 'Léa', 'Chloé', 'Gaëlle', 'Théo', 'Ander',
  'Amaia', 'Lucas', 'Inès', 'Mathéo', 'Zoé', 'Raphaël', 'Anaïs', 'Nicolas', 'Camille', 'Hugo', 'Manon', 'Joël',
  'Xabi', 'Iñaki', 'Sophie', 'François', 'Céline', 'Aurélien',
];
const LAST_NAMES = [
  'Etcheverry', 'Dupré', 'Lefèvre', 'Garcia', 'Bérard', 'Lacoste', 'Irigoyen', 'Duhalde', 'Mendiburu', 'Ospital',
  'Laborde', 'Martin', 'Bernard', 'Durand', 'Petit', 'Moreau', 'Lefebvre', 'Fontaine', 'Chevalier', 'Rousseau',
  'Élissalde', 'Ithurralde', 'Darrigrand', 'Castéra', 'Pérez', 'Lopez', 'Arrieta', 'Haramboure', 'Sallaberry', 'Goyhénèche',
];

/** The spread of flat sizes among goods, with the range of their surfaces in m². */
const FLAT_SIZES = [
  ['garage', 4, [12, 18]], ['studio', 9, [18, 30]], ['T1', 7, [25, 35]], ['T1bis', 2, [30, 40]], ['T2', 25, [38, 55]],
  ['T2bis', 3, [45, 58]], ['T3', 22, [55, 75]], ['T3bis', 2, [65, 80]], ['T4', 14, [72, 95]], ['T4bis', 1, [85, 100]],
  ['T5', 7, [90, 120]], ['T5bis', 1, [100, 125]], ['T6', 2, [110, 140]], ['T6bis', 1, [120, 150]],
];

/** Residences, their goods and accounts next to the demo data, written through the entities (api/dist/test-data). */
async function load(data, { Commune, Equipment, Good, Residence, Token, User }) {
  const random = generator(9);
  const communes = await data.manager.find(Commune, { select: { insee: true, name: true, zone: true }, order: { insee: 'ASC' } });
  const equipmentRows = await data.manager.find(Equipment, { select: { id: true, type: true }, order: { id: 'ASC' } });
  const equipments = { residence: equipmentRows.filter((row) => row.type === 'residence').map((row) => row.id), good: equipmentRows.filter((row) => row.type === 'good').map((row) => row.id) };
  // Accounts that have chosen a password get the demo one: any of them can log in.
  const { passwordHash } = await data.user(DEMO_ADMIN);

  const residences = [];
  const residenceFacilities = [];
  const goods = [];
  const goodFacilities = [];
  const firstResidence = await data.nextId(Residence);
  let goodId = await data.nextId(Good);
  for (let index = 0; index < SIZES.residences; index += 1) {
    const id = firstResidence + index;
    const commune = random.pick(communes);
    const name = random.pick(RESIDENCE_NAMES);
    const reference = `RES-${String(index + 1).padStart(4, '0')}`;
    const status = random.weighted([['published', 60], ['draft', 25], ['closed', 15]]);
    const createdAt = NOW - random.int(30, 1_100) * DAY_MS;
    const updatedAt = Math.min(NOW, createdAt + random.int(0, 400) * DAY_MS);
    const deliveryDate = NOW + random.int(-2_500, 700) * DAY_MS;
    residences.push({
      id,
      slug: `${slugify(`${name} ${commune.name}`)}-${index + 1}`,
      status,
      closedLabel: status === 'closed' ? random.pick(['Complet', 'Toutes les attributions sont faites', null]) : null,
      reference,
      name,
      area: commune.zone,
      city: { insee: commune.insee },
      neighborhood: random.chance(0.6) ? random.pick(['Centre-ville', 'Saint-Esprit', 'Quartier de la gare', 'Bord de mer', 'Les Hauts']) : null,
      deliveryDate: date(deliveryDate),
      limitDate: random.chance(0.4) ? date(NOW + random.int(10, 200) * DAY_MS) : null,
      advantages: random.subset(ADVANTAGE_OPTIONS.map((option) => option.value)),
      certifications: random.subset(CERTIFICATION_OPTIONS.map((option) => option.value)),
      description: `${name} compte ${SIZES.goodsPerResidence} logements à loyer intermédiaire à ${commune.name}, livrés en ${new Date(deliveryDate).getUTCFullYear()}, proches des commerces et des transports.`,
      districtDesc: random.chance(0.5) ? `Un quartier calme de ${commune.name}, à quelques minutes du centre.` : null,
      addressLine1: `${random.int(1, 180)} ${random.pick(STREETS)}`,
      addressLine2: random.chance(0.2) ? `Bâtiment ${random.pick(['A', 'B', 'C'])}` : null,
      createdAt: at(createdAt),
      updatedAt: at(updatedAt),
      version: random.int(1, 6),
    });
    for (const equipment of random.subset(equipments.residence)) residenceFacilities.push([id, equipment]);

    for (let goodIndex = 0; goodIndex < SIZES.goodsPerResidence; goodIndex += 1) {
      const [flatSize, , [minSurface, maxSurface]] = random.weighted(FLAT_SIZES.map((size) => [size, size[1]]));
      const surface = Math.round((minSurface + random.next() * (maxSurface - minSurface)) * 10) / 10;
      const chargesCents = flatSize === 'garage' ? 0 : random.int(4, 25) * 1_000;
      const rentCents = flatSize === 'garage' ? random.int(50, 120) * 100 : Math.floor((rentCeilingCents(2026, commune.zone, surface) * (0.85 + random.next() * 0.14)) / 100) * 100 + chargesCents;
      const kwh = flatSize === 'garage' ? null : random.int(45, 340);
      const label = labelOf(FLAT_SIZE_OPTIONS, flatSize);
      goods.push({
        id: goodId,
        enabled: status === 'draft' ? random.chance(0.3) : random.chance(0.85),
        residence: { id },
        reference: `${reference}-${String(goodIndex + 1).padStart(2, '0')}`,
        slug: slugify(flatSize === 'garage' ? 'garage' : `appartement ${label} ${Math.round(surface)} m2`),
        flatSize,
        surface,
        rentPriceCents: rentCents,
        monthlyCostsCents: chargesCents,
        description: `${label} de ${surface.toLocaleString('fr-FR')} m² au ${random.int(0, 6)}ᵉ étage, ${random.pick(['exposé sud', 'traversant', 'avec balcon', 'avec terrasse', 'sur cour'])}.`,
        dpeKgco2: kwh === null ? null : Math.max(2, Math.round(kwh / 6 + random.int(-5, 5))),
        dpeKwh: kwh,
        availableFrom: random.chance(0.4) ? null : date(NOW + random.int(-180, 365) * DAY_MS),
        createdAt: at(createdAt),
        updatedAt: at(Math.min(NOW, updatedAt + random.int(0, 200) * DAY_MS)),
        version: random.int(1, 4),
      });
      for (const equipment of random.subset(equipments.good)) goodFacilities.push([goodId, equipment]);
      goodId += 1;
    }
  }

  const staffRoles = ROLES.filter((role) => role !== 'customer');
  // Ids of their own, as the residences and goods: rows that give them are written many to a statement.
  const [firstUser, firstToken] = [await data.nextId(User), await data.nextId(Token)];
  const users = [];
  // The invitation of each account: pending for the invited ones, used by the others.
  const tokens = [];
  for (let index = 0; index < SIZES.users; index += 1) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const role = random.chance(0.8) ? 'customer' : random.pick(staffRoles);
    const state = random.weighted([['active', 75], ['invited', 15], ['deactivated', 10]]);
    const createdAt = NOW - random.int(1, 1_000) * DAY_MS;
    const neverLoggedIn = state === 'invited' || random.chance(0.2);
    const lastLoginAt = neverLoggedIn ? null : Math.min(NOW, createdAt + random.int(0, 700) * DAY_MS + random.int(0, DAY_MS));
    const email = `${slugify(firstName)}.${slugify(lastName)}.${index + 1}@exemple.fr`.replaceAll('-', '');
    const invitedAt = createdAt - random.int(0, 6) * DAY_MS;
    tokens.push({
      id: firstToken + index,
      kind: 'registration',
      tokenHash: createHash('sha256').update(`bench-${index}`).digest('hex'),
      email,
      firstName,
      lastName,
      role,
      expiresAt: atSecond(invitedAt + 7 * DAY_MS),
      usedAt: state === 'invited' ? null : atSecond(createdAt),
      createdAt: at(invitedAt),
    });
    users.push({
      id: firstUser + index,
      email,
      passwordHash: state === 'invited' ? null : passwordHash,
      roles: [role],
      firstName,
      lastName,
      phone: random.chance(0.7) ? `06 ${String(random.int(0, 99_999_999)).padStart(8, '0').replace(/(\d\d)(?=\d)/g, '$1 ')}` : null,
      active: state !== 'deactivated',
      lastLoginAt: lastLoginAt === null ? null : atSecond(lastLoginAt),
      createdAt: at(createdAt),
      updatedAt: at(lastLoginAt ?? createdAt),
      version: random.int(1, 3),
    });
  }

  await data.insert(Residence, residences);
  await data.link(Residence, 'facilities', residenceFacilities);
  await data.insert(Good, goods);
  await data.link(Good, 'facilities', goodFacilities);
  await data.insert(User, users);
  await data.insert(Token, tokens);
  await data.analyze([Residence, Good, User, Token]);
  return { residenceIds: residences.map((residence) => residence.id) };
}

// ---------------------------------------------------------------------------------------------------------------
// Load: an open model, each request starting on schedule whatever the earlier ones do; latency from the time a
// request was due to the last byte of its answer.

/** The calls measured: each request with a filter and a sort, the filters and pages varying from one to the next. */
function scenarios({ residenceIds }) {
  const random = generator(26);
  const flatSizes = ['studio', 'T2', 'T3', 'T4', 'T5'];
  const direction = (index) => (index % 3 === 0 ? 'desc' : 'asc');
  return [
    {
      name: 'Residences by status, sorted by name',
      path: '/api/residences/list',
      described: 'filters.status (draft, published, closed; one in four also filters.zone), sort name asc/desc, pages 1–5 of 10, 25 or 50',
      body: (index) => ({
        filters: { status: RESIDENCE_STATUSES[index % RESIDENCE_STATUSES.length], ...(index % 4 === 0 ? { zone: random.pick(['A', 'B1', 'B2C']) } : {}) },
        sort: { column: 'name', direction: direction(index) },
        page: random.int(1, 5),
        per_page: random.pick([10, 25, 50]),
      }),
    },
    {
      name: 'Goods by residence or flat size, sorted by rent',
      path: '/api/goods/list',
      described: 'filters.residence (any residence) or filters.flat_size (studio to T5, one in two also enabled), sort rent_price asc/desc, pages 1–10 of 25 or 50 for a typology',
      body: (index) =>
        index % 2 === 0
          ? { filters: { residence: random.pick(residenceIds) }, sort: { column: 'rent_price', direction: direction(index) }, page: 1, per_page: 25 }
          : {
              filters: { flat_size: random.pick(flatSizes), ...(index % 4 === 1 ? { enabled: true } : {}) },
              sort: { column: 'rent_price', direction: direction(index) },
              page: random.int(1, 10),
              per_page: random.pick([25, 50]),
            },
    },
    {
      name: 'Accounts by role and state, sorted by last name',
      path: '/api/users/list',
      described: 'filters.role (every role; one in three also filters.state), sort last_name asc/desc, pages 1–5 of 25 or 50',
      body: (index) => ({
        filters: { role: ROLES[index % ROLES.length], ...(index % 3 === 0 ? { state: random.pick(['active', 'invited', 'deactivated']) } : {}) },
        sort: { column: 'last_name', direction: direction(index) },
        page: random.int(1, 5),
        per_page: random.pick([25, 50]),
      }),
    },
    {
      name: 'Equipments by type, sorted by name',
      path: '/api/equipments/list',
      described: 'filters.type (good, residence), sort name asc/desc, page 1 of 25 or 50',
      body: (index) => ({
        filters: { type: index % 2 === 0 ? 'good' : 'residence' },
        sort: { column: 'name', direction: direction(index) },
        page: 1,
        per_page: random.pick([25, 50]),
      }),
    },
    {
      name: 'Goods searched, filtered by enabled, sorted by last update',
      path: '/api/goods/list',
      described: 'search (part of a residence’s name or of a reference), filters.enabled true or false, sort updated_at desc, pages 1–3 of 25',
      body: (index) => ({
        search: random.pick(['tilleuls', 'jardins', 'RES-01', 'résidence', 'parc', 'port', 'RES-1234', 'orée']),
        filters: { enabled: index % 4 !== 0 },
        sort: { column: 'updated_at', direction: 'desc' },
        page: random.int(1, 3),
        per_page: 25,
      }),
    },
  ];
}

/** The scenario's requests at RATE per second for that long, the index of each passed to its body. */
function fireScenario(scenario, headers, seconds, firstIndex) {
  return fire({ rate: RATE, seconds, firstIndex }, (index, due) =>
    timedPost({ origin, path: scenario.path, body: scenario.body(index), headers, due, check: isList, timeoutMs: TIMEOUT_MS }),
  );
}

// ---------------------------------------------------------------------------------------------------------------

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const { DEMO_PASSWORD } = await import(join(root, 'api', 'dist', 'seed', 'demo-data.js'));
const databaseUrl = new URL(`/${DATABASE}`, server).toString();
const admin = await mysql.createConnection(server.toString());
const dataDir = mkdtempSync(join(tmpdir(), 'hsa-lli-bench-lists-'));
let api = null;

/** Stops the API, drops the database and removes the data folder. */
const cleanUp = cleanUpOnce(async () => {
  await stop(api);
  await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const results = [];
let facts;
try {
  await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  await admin.query(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const env = benchApiEnv({ port, dataDir, origin, DATABASE_URL: databaseUrl, REDIS_URL: '' });

  // Migrations and the demo data, as `npm run seed` loads them into a server database.
  // The demo data without its year of history: the data set's own files are the ones measured.
  const seed = spawnSync(process.execPath, [join(root, 'api', 'dist', 'seed', 'seed-cli.js')], { cwd: root, env: { ...env, DEMO_HISTORY: 'false' }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('The demo data could not be loaded');

  const testData = await testDataModule();
  const session = await testData.openTestData({ databaseUrl });
  let data;
  try {
    const loadStarted = performance.now();
    data = await load(session, testData);
    facts = {
      loadSeconds: (performance.now() - loadStarted) / 1000,
      residences: await session.manager.count(testData.Residence),
      goods: await session.manager.count(testData.Good),
      users: await session.manager.count(testData.User),
      equipments: await session.manager.count(testData.Equipment),
      mariadb: (await session.manager.query('SELECT VERSION() AS version'))[0].version,
    };
    console.log(`Loaded ${facts.residences} residences, ${facts.goods} goods and ${facts.users} accounts in ${facts.loadSeconds.toFixed(1)} s.`);

    api = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], { stdio: ['ignore', 'ignore', 'inherit'], env });
    await waitFor(() => fetch(`${origin}/api/health`).then((response) => response.ok, () => false), 'the API', 120_000);
    // At start the API computes the dashboard's figures, which reads every published residence with its goods: the
    // calls are measured once that is over.
    await waitFor(async () => (await session.manager.count(testData.StatisticRefresh)) > 0, 'the statistics', 120_000);
  } finally {
    await session.close();
  }
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: await logIn(origin, DEMO_ADMIN, DEMO_PASSWORD) };
  facts.loadAverage = loadavg()[0];

  for (const scenario of scenarios(data)) {
    console.log(`${scenario.name} (${scenario.path})…`);
    await fireScenario(scenario, headers, WARM_UP_S, 0);
    const answers = await fireScenario(scenario, headers, MEASURE_S, WARM_UP_S * RATE);
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const errors = answers.filter((answer) => answer.error);
    for (const error of new Set(errors.slice(0, 3).map((answer) => answer.error))) console.error(`  failed: ${error}`);
    const row = {
      ...scenario,
      requests: answers.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
      errors: errors.length,
    };
    row.ok = row.p95 <= BUDGET_P95_MS && row.errors === 0;
    console.log(`  p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms, ${row.errors} failed: ${row.ok ? 'met' : 'MISSED'}`);
    results.push(row);
  }
} finally {
  await cleanUp();
}

const ms = (value) => `${value.toFixed(1)} ms`;
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
const changed = git('status', '--porcelain', '--', 'api', 'common') !== '';
const cpu = cpus();
const report = [
  '# List calls benchmark',
  '',
  `${new Date().toISOString().slice(0, 10)}, ${cpu.length} cores (${cpu[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${facts.loadAverage.toFixed(2)} before the first call (other work on the machine shows there); Node.js ${process.version}, MariaDB ${facts.mariadb} (its defaults); the API built at ${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}, one process, sessions in MariaDB, no Redis.`,
  '',
  `Data: ${facts.residences.toLocaleString('en')} residences, ${facts.goods.toLocaleString('en')} goods, ${facts.users.toLocaleString('en')} accounts, ${facts.equipments} equipments (the demo data and ${SIZES.residences.toLocaleString('en')} residences of ${SIZES.goodsPerResidence} goods and ${SIZES.users.toLocaleString('en')} accounts with their invitation links loaded in ${facts.loadSeconds.toFixed(1)} s).`,
  '',
  `Load: each call on its own, ${RATE} requests/s for ${MEASURE_S} s after ${WARM_UP_S} s of warm-up, logged in as the demo admin; open model (a request starts on schedule whatever the earlier ones do). Latency is measured by the client, from the time a request was due to the last byte of its answer.`,
  '',
  `Budget: p95 ≤ ${BUDGET_P95_MS} ms and no failed request.`,
  '',
  ...results.flatMap((row) => [
    `## ${row.name}: \`POST ${row.path}\``,
    '',
    `Requests: ${row.described}.`,
    '',
    '| Requests | p50 | p95 | p99 | Max | Errors | Budget |',
    '|--:|--:|--:|--:|--:|--:|:-:|',
    `| ${row.requests} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.errors} | ${row.ok ? 'met' : 'MISSED'} |`,
    '',
  ]),
].join('\n');
writeFileSync(join(root, 'bench', 'lists.md'), report);
console.log(results.every((row) => row.ok) ? 'Every list call is within the budget.' : 'A list call missed the budget: see bench/lists.md.');
process.exit(results.every((row) => row.ok) ? 0 : 1);
