// What bench:records' data set draws (scripts/bench-records-data.mjs loads it): each file with its one or two
// persons, wishes, documents' rows, follow-up events and stage changes, its owner's account, and the contact requests
// around it, among the demo data's residences, goods and staff.
import { declineReasonText, DOCUMENT_DECLINE_REASON_OPTIONS } from '@hsa-lli/common/back-office';
import { COMMUNES, DISCOVERY_SOURCES, EVENT_TYPE_OPTIONS, OUTCOME_OPTIONS, requiredDocuments, slugify } from '@hsa-lli/common/domain';
import { at, atSecond, DAY_MS, date } from './bench-support.mjs';

/** The staff member the calls are made as: an hsa, who follows some of the files. */
export const STAFF = 'hsa@demo.hsa-lli.fr';

export const SIZES = { records: 100_000, documentsPerRecord: 10, eventsPerRecord: 15, years: 3 };

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
export async function demoData(data, { Good, Residence, User }) {
  const residences = await data.manager.find(Residence, { select: { id: true, status: true, area: true }, order: { id: 'ASC' }, loadEagerRelations: false });
  const goods = (await data.manager.find(Good, { select: { id: true, flatSize: true, enabled: true, residence: { id: true, status: true } }, relations: { residence: true }, order: { id: 'ASC' }, loadEagerRelations: false })).map(
    (good) => ({ id: good.id, residenceId: good.residence.id, flatSize: good.flatSize, enabled: good.enabled, status: good.residence.status }),
  );
  const users = await data.manager.find(User, { select: { id: true, email: true, firstName: true, lastName: true, roles: true, passwordHash: true }, order: { id: 'ASC' } });
  const staff = users
    .filter((user) => user.roles.some((role) => ['admin', 'hsa', 'coordinator'].includes(role)))
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

/** One file and everything that hangs on it, as the test data takes it (api/src/test-data/types.ts NewFile), and its owner's account. */
export function drawRecord(random, demo, ids, now) {
  const { id } = ids;
  const createdAt = now - random.int(1, SIZES.years * 365) * DAY_MS - random.int(0, DAY_MS);
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
      uploadedAt: at(uploadedAt),
      keyId: 'bench-1',
      pages: picture ? 1 : random.weighted([[1, 60], [2, 25], [3, 10], [4, 5]]),
      scan: random.chance(0.9) ? 'clean' : 'not_scanned',
      source: random.weighted([['owner', 85], ['shared_link', 10], ['staff', 5]]),
      status: slot.status,
      reason: slot.status === 'declined' ? declineReasonText(random.pick(DOCUMENT_DECLINE_REASON_OPTIONS.slice(0, -1)).value, '') : null,
      reviewedAt: reviewed ? atSecond(between(uploadedAt)) : null,
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
  // Some households have left since they moved in: their last event is that.
  if (stage === 'moved_in' && random.chance(0.15)) {
    types[types.length - 3] = 'lease_signed';
    types[types.length - 2] = 'move_in';
    types[types.length - 1] = 'leaving';
  }
  if (stage === 'refused') types[types.length - 1] = 'refusal_by_provider';
  if (stage === 'abandoned') types[types.length - 1] = 'refusal_by_applicant';
  const times = types.map(() => between(createdAt)).sort((a, b) => a - b);
  if (open && random.chance(0.3)) times[times.length - 1] = now + random.int(1, 30) * DAY_MS;
  const events = types.map((type, index) => {
    const option = EVENT_TYPE_OPTIONS.find((candidate) => candidate.value === type);
    const actor = staffOf();
    const good = option.good === 'required' ? (random.pick(wishedGoods.length > 0 ? wishedGoods : demo.offered)) : option.good === 'optional' ? proposed : null;
    const when = times[index];
    return {
      id: ids.event + index,
      type,
      reason: option.reasons.length > 0 && (option.reasonRequired || random.chance(0.5)) ? random.pick(option.reasons).value : null,
      at: atSecond(when),
      outcome: ['call', 'interview', 'visit', 'offer'].includes(type) && when < now ? random.pick(OUTCOMES) : null,
      comment: random.chance(0.25) ? random.pick(COMMENTS) : null,
      actorId: actor.id,
      actorName: actor.name,
      createdAt: at(Math.min(when, now) + random.int(0, 3_600_000)),
      good: good?.id ?? null,
    };
  });

  const stageChanges = path.slice(1).map((to, index) => {
    const actor = staffOf();
    return { id: ids.stageChange + index, from: path[index], to, comment: random.chance(0.15) ? random.pick(COMMENTS) : null, actorId: actor.id, actorName: actor.name, at: at(moveTimes[index]) };
  });

  const first = persons[0];
  const account = {
    id: ids.user,
    email: first.email,
    passwordHash: random.chance(0.85) ? demo.passwordHash : null,
    roles: ['customer'],
    firstName: first.firstName,
    lastName: first.lastName,
    phone: first.phone,
    active: true,
    createdAt: at(createdAt),
    updatedAt: at(between(createdAt)),
    lastLoginAt: random.chance(0.8) ? atSecond(between(createdAt)) : null,
    version: 1,
  };
  const record = {
    id,
    reference: `DOS-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(4, '0')}`,
    situation: couple ? 'couple' : 'alone',
    link: couple ? random.weighted([['marie', 40], ['pacse', 30], ['concubin', 25], ['fratrie', 3], ['ascendant', 1], ['descendant', 1]]) : null,
    dependants,
    createdAt: at(createdAt),
    updatedAt: at(Math.max(createdAt, ...uploads, ...moveTimes)),
    user: account.id,
    residence: proposed?.residenceId ?? null,
    good: proposed?.id ?? null,
    members,
    discoverySource: random.chance(0.85) ? random.pick(DISCOVERY_SOURCES) : null,
    flatSizes,
    maxRent: random.chance(0.6) ? random.int(5, 14) * 100 : null,
    completeNotifiedAt: complete ? atSecond(between(createdAt)) : null,
    stage,
    stageChangedAt: moveTimes.length > 0 ? atSecond(moveTimes.at(-1)) : null,
    follower: follower?.id ?? null,
    persons,
    wishedResidences: wishedResidences.map((residence) => residence.id),
    wishedGoods: wishedGoods.map((good) => good.id),
    documents,
    events,
    stageChanges,
  };
  return { account, record, openedAt: createdAt };
}

const CONTACT_MESSAGES = [
  'Bonjour, je souhaiterais déposer une demande de logement pour ma famille.',
  'Bonjour, où en est ma demande ? Je n’ai pas de nouvelles depuis un mois.',
  'Quels sont les plafonds de revenus pour un logement intermédiaire ?',
  'Je cherche un T3 à Bayonne ou Anglet, avez-vous des disponibilités ?',
  'Merci de supprimer les données me concernant.',
  'Nous sommes un couple avec un enfant, le loyer d’un T2 est-il dans nos moyens ?',
  'Est-il possible de visiter la résidence un samedi ?',
];
const CONTACT_SUBJECT_WEIGHTS = [['new_record', 35], ['record_follow_up', 25], ['infos', 30], ['rgpd', 10]];

/**
 * The contact requests around one file (from their own generator, so that the files are drawn as before): the request
 * it came from, two times in five (mostly « Nouveau dossier », sent up to three weeks before it was opened), and up to
 * two requests of other people that became no file, received at any time over the years of the data set.
 */
export function drawContacts(random, drawn, ids, now) {
  const years = SIZES.years * 365 * DAY_MS;
  const request = (createdAt, subject, recordId) => {
    const firstName = random.pick(random.chance(0.5) ? FEMALE_NAMES : MALE_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const read = recordId !== null || random.chance(0.9) ? createdAt + random.int(600_000, 3 * DAY_MS) : null;
    const completed = read !== null && (recordId !== null || (now - createdAt > 30 * DAY_MS && random.chance(0.8)));
    return {
      id: ids.contact++,
      subject,
      status: completed ? 'completed' : 'new',
      name: `${firstName} ${lastName}`,
      email: `${slugify(firstName)}.${slugify(lastName)}.${ids.contact}@exemple.fr`.replaceAll('-', ''),
      phone: random.chance(0.7) ? `06 ${String(random.int(0, 99_999_999)).padStart(8, '0').replace(/(\d\d)(?=\d)/g, '$1 ')}` : null,
      message: random.pick(CONTACT_MESSAGES),
      consent: true,
      eligibility: null,
      createdAt: at(createdAt),
      readAt: read === null ? null : atSecond(Math.min(read, now)),
      completedAt: completed ? atSecond(Math.min(Math.max(read, recordId === null ? read : drawn.openedAt), now)) : null,
      record: recordId === null ? null : { id: recordId },
    };
  };
  const requests = [];
  if (random.chance(0.4)) {
    const subject = random.weighted([['new_record', 80], ['infos', 15], ['record_follow_up', 5]]);
    requests.push(request(drawn.openedAt - random.int(0, 21 * DAY_MS), subject, drawn.record.id));
  }
  const others = random.weighted([[0, 45], [1, 40], [2, 15]]);
  for (let index = 0; index < others; index += 1) requests.push(request(now - random.int(0, years), random.weighted(CONTACT_SUBJECT_WEIGHTS), null));
  return requests;
}
