/**
 * The application file (record) as its owner builds it: the household, its persons, what it looks for, and the
 * supporting documents the household's situations require (spec sections 3 and 5).
 */
import * as z from 'zod/mini';
import { formatDate, formatFileSize, plural } from './format.js';
import { incomeCeiling } from './lli.js';
import { currentLliYear } from './eligibility.js';
import { emailProblem } from './passwords.js';
import { requiredText, text, textIdField } from './schema.js';
import {
  DOCUMENT_TYPE_OPTIONS,
  FLAT_SIZES,
  HOUSEHOLDS,
  HOUSING_SITUATIONS,
  LINKS,
  PRO_SITUATIONS,
  type DocumentType,
  type FlatSize,
  type Household,
  type HousingSituation,
  type Link,
  type MemberRole,
  type Option,
  type ProSituation,
  type Zone,
} from './reference.js';

/** How the household heard of the platform (spec section 9: eight values, ours to choose). */
export const DISCOVERY_SOURCE_OPTIONS = [
  { value: 'search_engine', label: 'Recherche sur internet' },
  { value: 'social_network', label: 'Réseaux sociaux' },
  { value: 'listing_site', label: 'Site d’annonces immobilières' },
  { value: 'word_of_mouth', label: 'Bouche-à-oreille' },
  { value: 'employer', label: 'Mon employeur ou Action Logement' },
  { value: 'site_sign', label: 'Panneau sur une résidence' },
  { value: 'town_hall', label: 'Mairie ou collectivité' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly Option[];
export type DiscoverySource = (typeof DISCOVERY_SOURCE_OPTIONS)[number]['value'];
export const DISCOVERY_SOURCES: DiscoverySource[] = DISCOVERY_SOURCE_OPTIONS.map((option) => option.value);

export const MEMBER_ROLES = ['parent', 'child', 'other'] as const satisfies readonly MemberRole[];

/** Where staff's review of a document stands (the spec's names). */
export const DOCUMENT_STATUS_OPTIONS = [
  { value: 'to_process', label: 'À traiter' },
  { value: 'validated', label: 'Validé' },
  { value: 'declined', label: 'Refusé' },
] as const satisfies readonly Option[];
export type DocumentStatus = (typeof DOCUMENT_STATUS_OPTIONS)[number]['value'];
export const DOCUMENT_STATUSES: DocumentStatus[] = DOCUMENT_STATUS_OPTIONS.map((option) => option.value);

/**
 * What the antivirus said of a kept document: clean, or « non analysé » when no antivirus is configured (staff see
 * it). An infected file is never kept.
 */
export const SCAN_STATUS_OPTIONS = [
  { value: 'clean', label: 'Analysé, sain' },
  { value: 'not_scanned', label: 'Non analysé' },
] as const satisfies readonly Option[];
export type ScanStatus = (typeof SCAN_STATUS_OPTIONS)[number]['value'];
export const SCAN_STATUSES: ScanStatus[] = SCAN_STATUS_OPTIONS.map((option) => option.value);

/** Who put a document into the file: its owner, someone holding a shared upload link, or staff. */
export const DOCUMENT_SOURCES = ['owner', 'shared_link', 'staff'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export const PERSONS = [1, 2] as const;
export type PersonPosition = (typeof PERSONS)[number];

/** A document's name in the spec: `p1_nat_id`, `p2_payslips`. */
export type DocumentName = `p${PersonPosition}_${DocumentType}`;

export function documentName(person: PersonPosition, type: DocumentType): DocumentName {
  return `p${person}_${type}`;
}

/** The person and kind of a document's name; null for anything else. */
export function parseDocumentName(name: unknown): { person: PersonPosition; type: DocumentType } | null {
  if (typeof name !== 'string') return null;
  const match = /^p([12])_([a-z_]+)$/.exec(name);
  const kind = match && DOCUMENT_TYPE_OPTIONS.find((option) => option.value === match[2]);
  return kind ? { person: Number(match[1]) as PersonPosition, type: kind.value } : null;
}

export function documentKind(type: DocumentType) {
  return DOCUMENT_TYPE_OPTIONS.find((option) => option.value === type)!;
}

/** '« Pièce d'identité » de la personne 2': a document's name as its owner reads it. */
export function documentLabel(name: DocumentName, persons = 2): string {
  const { person, type } = parseDocumentName(name)!;
  const label = `« ${documentKind(type).label} »`;
  return persons > 1 ? `${label} (${person === 1 ? 'premier demandeur' : 'second demandeur'})` : label;
}

/** The professional situations that call for payslips and the employment contract (spec section 5). */
const SALARIED: readonly ProSituation[] = ['cdd', 'cdi', 'ctt'];

/** The kinds one person must provide, in the order the page lists them (spec section 5). */
export function requiredTypes(proSituation: ProSituation | null): DocumentType[] {
  const always: DocumentType[] = ['nat_id', 'birth_certificate', 'rent_receipts', 'tax_notices'];
  if (proSituation !== null && SALARIED.includes(proSituation)) return [...always, 'payslips', 'employer_contract'];
  if (proSituation === 'retraite') return [...always, 'retirement_certificate'];
  if (proSituation === 'independant') return [...always, 'kbis'];
  return always;
}

/** The documents a household must provide: the first person's, and the second's for a couple (spec section 5). */
export function requiredDocuments(record: { situation: Household; person_1: { pro_situation: ProSituation | null }; person_2: { pro_situation: ProSituation | null } | null }): DocumentName[] {
  const first = requiredTypes(record.person_1.pro_situation).map((type) => documentName(1, type));
  if (record.situation !== 'couple') return first;
  return [...first, ...requiredTypes(record.person_2?.pro_situation ?? null).map((type) => documentName(2, type))];
}

/** 10 Mo per file. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files per name for the kinds that take several (payslips of three months, tax notices of two years…). */
export const DOCUMENT_MAX_FILES = 12;
/** Pages per PDF, by kind: what the document can sensibly hold. */
export const DOCUMENT_MAX_PAGES: Record<DocumentType, number> = {
  nat_id: 4,
  birth_certificate: 6,
  rent_receipts: 12,
  tax_notices: 12,
  payslips: 12,
  employer_contract: 40,
  retirement_certificate: 12,
  kbis: 12,
};
/** What to put in the file of a kind, beyond its format: an identity card takes one file for both its sides. */
const DOCUMENT_ADVICE: Partial<Record<DocumentType, string>> = {
  nat_id: 'Mettez le recto et le verso dans un même PDF, ou sur une même photo.',
};

/** What an upload field says of the files a kind takes (the formats alone while no kind is chosen). */
export function documentFilesHint(type: DocumentType | null): string {
  if (!type) return 'PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier.';
  const advice = DOCUMENT_ADVICE[type];
  return `PDF, JPEG, PNG ou photo HEIC, 10 Mo au plus par fichier, ${DOCUMENT_MAX_PAGES[type]} pages au plus.${advice ? ` ${advice}` : ''}`;
}

/** What a document may be, recognised from its content: PDF, and photos from a phone or a scanner. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
/** What the file picker offers (the content decides, not the name). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.heic,.heif,application/pdf,image/jpeg,image/png,image/heic,image/heif';

export const DOCUMENT_TOO_LARGE = 'Ce fichier dépasse 10 Mo : réduisez-le (une photo moins grande, un PDF compressé) ou scannez moins de pages.';

/** Where a required document stands for the household, from its files. */
export type RequirementState = 'missing' | DocumentStatus;

/**
 * A name's state: missing without a file; refused when a file is refused (it must be replaced or removed); to be
 * processed while a file waits for staff; validated when every file is.
 */
export function requirementState(statuses: readonly DocumentStatus[]): RequirementState {
  if (statuses.length === 0) return 'missing';
  if (statuses.includes('declined')) return 'declined';
  if (statuses.includes('to_process')) return 'to_process';
  return 'validated';
}

/** A required document's state as both its owner and staff read it. */
export const REQUIREMENT_STATE_OPTIONS = [{ value: 'missing', label: 'À fournir' }, ...DOCUMENT_STATUS_OPTIONS] as const satisfies readonly Option[];

export interface Completeness {
  required: number;
  /** Names with files that are not refused: what the household has done. */
  provided: number;
  validated: number;
  /** Required names without any file, or with a refused one. */
  missing: DocumentName[];
  /** 0 to 100: the names provided, out of the required ones. */
  percent: number;
  /** Every required document validated by staff. */
  complete: boolean;
}

/** « 3 pièces sur 4 fournies » and « 2 validées »: how far a household is, as its pages and staff's say it. */
export function completenessWords({ provided, required, validated }: Pick<Completeness, 'provided' | 'required' | 'validated'>): { provided: string; validated: string } {
  return { provided: plural(provided, `pièce sur ${required} fournie`, `pièces sur ${required} fournies`), validated: plural(validated, 'validée', 'validées') };
}

export function completeness(required: readonly DocumentName[], documents: readonly { type: DocumentName; status: DocumentStatus }[]): Completeness {
  const states = required.map((name) => requirementState(documents.filter((document) => document.type === name).map((document) => document.status)));
  const provided = states.filter((state) => state === 'to_process' || state === 'validated').length;
  const validated = states.filter((state) => state === 'validated').length;
  return {
    required: required.length,
    provided,
    validated,
    missing: required.filter((_, index) => states[index] === 'missing' || states[index] === 'declined'),
    percent: required.length === 0 ? 100 : Math.round((provided / required.length) * 100),
    complete: required.length > 0 && validated === required.length,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The record as its owner reads and changes it (POST /api/records/get-mine, /update-mine).

export interface PersonFields {
  first_name: string;
  last_name: string;
  /** 'YYYY-MM-DD'. */
  birth_date: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  pro_situation: ProSituation | null;
  /** The employer, or the business for a self-employed person. */
  employer: string | null;
  housing_situation: HousingSituation | null;
  /** Revenu fiscal de référence of year N-2, in euros. */
  tax_income: number | null;
}

export interface MemberFields {
  first_name: string;
  birth_date: string | null;
  role: MemberRole;
}

export interface WishesFields {
  residences: number[];
  goods: number[];
  flat_sizes: FlatSize[];
  /** Monthly rent, charges included, in euros. */
  max_rent: number | null;
}

export interface RecordDocumentView {
  id: number;
  type: DocumentName;
  status: DocumentStatus;
  /** Why staff refused it. */
  reason: string | null;
  file_name: string;
  content_type: string;
  size: number;
  pages: number;
  source: DocumentSource;
  scan: ScanStatus;
  /** ISO 8601. */
  uploaded_at: string;
}

/** Who put a file there, after « déposé » — as its owner reads it (their own files go unsaid), or as staff do. */
const DEPOSITED_BY: Record<'owner' | 'staff', Record<DocumentSource, string>> = {
  owner: { owner: '', shared_link: ' par lien de dépôt', staff: ' par HSA' },
  staff: { owner: ' par le demandeur', shared_link: ' par lien de dépôt', staff: ' par HSA' },
};

/** « PDF de 3 pages, 240 ko, déposé le 12 mars 2026 », « Photo, 2,4 Mo, déposée par lien de dépôt le … ». */
export function documentFacts(file: Pick<RecordDocumentView, 'content_type' | 'pages' | 'size' | 'source' | 'uploaded_at'>, reader: 'owner' | 'staff'): string {
  const pdf = file.content_type === 'application/pdf';
  const what = pdf ? `PDF de ${plural(file.pages, 'page', 'pages')}` : 'Photo';
  return `${what}, ${formatFileSize(file.size)}, ${pdf ? 'déposé' : 'déposée'}${DEPOSITED_BY[reader][file.source]} le ${formatDate(file.uploaded_at)}`;
}

/** A goods the household chose, with what its rent would weigh in their incomes. */
export interface WishedGoodView {
  id: number;
  label: string;
  rent_cents: number;
  /** Rent over a twelfth of the household's yearly income, 0 to 1 (or more); null while an income is missing. */
  rent_ratio: number | null;
}

/** The household's LLI eligibility for the zones of what it looks for; null while something needed is missing. */
export interface HouseholdEligibility {
  year: number;
  income: number;
  by_zone: { zone: Zone; ceiling: number; eligible: boolean }[];
}

/** A staff consultation of the file, as its owner sees it. */
export interface ConsultationView {
  /** ISO 8601. */
  at: string;
  /** The staff member: first name, initial of the last name, role. */
  by: string;
  what: string;
}

export interface MyRecord {
  id: number;
  reference: string;
  situation: Household;
  link: Link | null;
  members: MemberFields[];
  discovery_source: DiscoverySource | null;
  wishes: WishesFields;
  person_1: PersonFields;
  person_2: PersonFields | null;
  documents: RecordDocumentView[];
  required_documents: DocumentName[];
  completeness: Completeness;
  eligibility: HouseholdEligibility | null;
  wished_goods: WishedGoodView[];
  consultations: ConsultationView[];
  /** ISO 8601. */
  updated_at: string;
}

export interface MyRecordAnswer {
  my_record: MyRecord;
}

/** The LLI eligibility of a household against the ceilings of each zone (the rule of lli.ts), or null if incomplete. */
export function householdEligibility(
  household: { situation: Household; dependants: number; incomes: (number | null)[] },
  zones: readonly Zone[],
  year = currentLliYear(),
): HouseholdEligibility | null {
  if (zones.length === 0 || household.incomes.some((income) => income === null)) return null;
  const income = household.incomes.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return {
    year,
    income,
    by_zone: [...new Set(zones)].map((zone) => {
      const ceiling = incomeCeiling(year, zone, household.situation, household.dependants);
      return { zone, ceiling, eligible: income <= ceiling };
    }),
  };
}

/** The monthly rent over a twelfth of the yearly income: the effort rate housing providers read. */
export function rentRatio(rentCents: number, yearlyIncome: number | null): number | null {
  if (yearlyIncome === null || yearlyIncome <= 0) return null;
  return rentCents / 100 / (yearlyIncome / 12);
}

/** Above a third of the income, a rent is usually judged too heavy. */
export const RENT_RATIO_LIMIT = 1 / 3;

/** A rent over a third of the income (`rentRatio`): one housing providers usually judge too heavy; unknown is not. */
export function isHeavyRent(ratio: number | null): boolean {
  return ratio !== null && ratio > RENT_RATIO_LIMIT;
}

// Limits of the fields.
const TEXT_MAX = 100;
const ADDRESS_MAX = 200;
export const MAX_MEMBERS = 12;
const PHONE = /^(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}$/;

const optionalText = (max: number, message: string) =>
  z.nullable(z.pipe(text(message, { length: max, message }), z.transform((value: string) => (value === '' ? null : value))));

const NAME_TOO_LONG = `Ce nom ne peut pas dépasser ${TEXT_MAX} caractères.`;
const name = (missing: string) => requiredText(missing, { length: TEXT_MAX, message: NAME_TOO_LONG }, 'name');

const BIRTH_DATE_WRONG = 'Indiquez une date de naissance réelle, au format JJ/MM/AAAA.';
/** A birth date: a real day, in the past, less than 120 years ago. */
const birthDate = z.nullable(
  z.string(BIRTH_DATE_WRONG).check(
    z.refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const day = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
      const age = (Date.now() - day.getTime()) / (365.25 * 24 * 3600_000);
      return age >= 0 && age <= 120;
    }, BIRTH_DATE_WRONG),
  ),
);

const EMAIL_WRONG = "L'adresse e-mail n'est pas valide.";
const PHONE_WRONG = 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.';
const INCOME_WRONG = 'Indiquez le revenu fiscal de référence en euros, sans centimes (0 si vous n’avez pas de revenus).';

/** One person's fields; each may be sent alone: the page saves as its owner goes. */
export const personSchema = z.partial(
  z.strictObject({
    first_name: name('Indiquez le prénom.'),
    last_name: name('Indiquez le nom.'),
    birth_date: birthDate,
    email: z.pipe(
      optionalText(254, EMAIL_WRONG).check(z.refine((email) => email === null || emailProblem(email) === null, EMAIL_WRONG)),
      z.transform((email: string | null) => email?.toLowerCase() ?? null),
    ),
    phone: optionalText(30, PHONE_WRONG).check(z.refine((phone) => phone === null || PHONE.test(phone), PHONE_WRONG)),
    address: optionalText(ADDRESS_MAX, `L’adresse ne peut pas dépasser ${ADDRESS_MAX} caractères.`),
    zip_code: optionalText(5, 'Indiquez un code postal à 5 chiffres.').check(z.refine((zip) => zip === null || /^\d{5}$/.test(zip), 'Indiquez un code postal à 5 chiffres.')),
    city: optionalText(TEXT_MAX, `La commune ne peut pas dépasser ${TEXT_MAX} caractères.`),
    pro_situation: z.nullable(z.enum(PRO_SITUATIONS, 'Choisissez une situation professionnelle de la liste.')),
    employer: optionalText(TEXT_MAX, `Le nom de l’employeur ne peut pas dépasser ${TEXT_MAX} caractères.`),
    housing_situation: z.nullable(z.enum(HOUSING_SITUATIONS, 'Choisissez une situation de logement de la liste.')),
    tax_income: z.nullable(z.number(INCOME_WRONG).check(z.refine(Number.isInteger, INCOME_WRONG), z.gte(0, INCOME_WRONG), z.lte(10_000_000, 'Ce montant semble trop élevé : vérifiez le revenu saisi.'))),
  }),
);
export type PersonUpdate = z.output<typeof personSchema>;

const MEMBER_WRONG = 'Indiquez le prénom et le lien de chaque personne à charge.';
const memberSchema = z.strictObject({
  first_name: name(MEMBER_WRONG),
  birth_date: z._default(birthDate, null),
  role: z.enum(MEMBER_ROLES, MEMBER_WRONG),
});

const ids = (message: string) => z.array(z.number(message).check(z.refine(Number.isSafeInteger, message), z.positive(message)), message).check(z.maxLength(20, 'Choisissez au plus 20 éléments.'));
const RENT_WRONG = 'Indiquez un loyer mensuel en euros.';

/**
 * `POST /api/records/update-mine`: any of the fields of `my_record` the owner may change, each checked; what is not
 * sent stays. `person_2: null` makes the household a person alone again.
 */
export const myRecordUpdateSchema = z.partial(
  z.strictObject({
    situation: z.enum(HOUSEHOLDS, 'Indiquez si vous faites la demande seul(e) ou en couple.'),
    link: z.nullable(z.enum(LINKS, 'Choisissez le lien entre les deux demandeurs.')),
    members: z.array(memberSchema, MEMBER_WRONG).check(z.maxLength(MAX_MEMBERS, `Indiquez au plus ${MAX_MEMBERS} personnes à charge.`)),
    discovery_source: z.nullable(z.enum(DISCOVERY_SOURCES, 'Choisissez une réponse de la liste.')),
    wishes: z.partial(
      z.strictObject({
        residences: ids('Choisissez des résidences de la liste.'),
        goods: ids('Choisissez des logements de la liste.'),
        flat_sizes: z.array(z.enum(FLAT_SIZES, 'Choisissez des typologies de la liste.'), 'Choisissez des typologies de la liste.'),
        max_rent: z.nullable(z.number(RENT_WRONG).check(z.refine(Number.isInteger, RENT_WRONG), z.gte(0, RENT_WRONG), z.lte(100_000, RENT_WRONG))),
      }),
    ),
    person_1: personSchema,
    person_2: z.nullable(personSchema),
  }),
);
export type MyRecordUpdate = z.output<typeof myRecordUpdateSchema>;

/** The body of a document upload besides its file: the document's name in the spec. */
export const documentTypeSchema = z.strictObject({
  type: z.string('Choisissez le type de pièce.').check(z.refine((value) => parseDocumentName(value) !== null, 'Choisissez le type de pièce.')),
});

/** A document as the shared upload page sees it once sent: nothing of the file is shown back. */
export interface SharedDocumentView {
  id: number;
  type: DocumentName;
  file_name: string;
  /** ISO 8601. */
  uploaded_at: string;
}

/** A shared upload link of a record (`/deversement-de-pieces/<record_id>/<token>`), as its owner or staff list it. */
export interface UploadLinkView {
  id: number;
  /** The address the link was sent to, if it was e-mailed. */
  email: string | null;
  created_by: string;
  /** ISO 8601. */
  created_at: string;
  expires_at: string;
}

/** What the shared upload page shows: whose file it is (first names only) and what may be added. */
export interface SharedUploadInfos {
  owner: string;
  situation: Household;
  required_documents: DocumentName[];
  /** ISO 8601. */
  expires_at: string;
}

/** `POST /api/records/upload-links/create`: optionally e-mailed to the person who will add the documents. */
export const uploadLinkCreateSchema = z.strictObject({
  email: z.optional(
    z.pipe(
      z.string("L'adresse e-mail n'est pas valide.").check(z.trim(), z.refine((email) => email === '' || emailProblem(email) === null, "L'adresse e-mail n'est pas valide.")),
      z.transform((email: string) => (email === '' ? undefined : email.toLowerCase())),
    ),
  ),
});

/** The part of a shared upload link's address the API checks: the record and the secret. */
export const sharedLinkSchema = z.strictObject({
  record_id: z.union([z.int('Le lien est incorrect.').check(z.minimum(1, 'Le lien est incorrect.')), textIdField('Le lien est incorrect.')], 'Le lien est incomplet.'),
  token: z.string('Le lien est incomplet.').check(z.maxLength(200, 'Le lien est incorrect.')),
});
