/**
 * The application file (record) as its owner builds it and reads it back (POST /api/records/get-mine, /update-mine):
 * the household, its persons, what it looks for (spec section 3). Its supporting documents are in documents.ts, how
 * far they are in completeness.ts, what its incomes say in record-eligibility.ts, its shared upload links in
 * upload-links.ts.
 */
import * as z from 'zod/mini';
import type { Completeness } from './completeness.js';
import type { DocumentName, RecordDocumentView } from './documents.js';
import { emailProblem } from './passwords.js';
import type { HouseholdEligibility } from './record-eligibility.js';
import {
  FLAT_SIZES,
  HOUSEHOLDS,
  HOUSING_SITUATIONS,
  LINKS,
  PRO_SITUATIONS,
  type FlatSize,
  type Household,
  type HousingSituation,
  type Link,
  type MemberRole,
  type Option,
  type ProSituation,
} from './reference.js';
import { builtWhenUsed, requiredText, text } from './schema.js';

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

/** A goods the household chose, with what its rent would weigh in their incomes. */
export interface WishedGoodView {
  id: number;
  label: string;
  rent_cents: number;
  /** Rent over a twelfth of the household's yearly income, 0 to 1 (or more); null while an income is missing. */
  rent_ratio: number | null;
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
const birthDate = builtWhenUsed(() => z.nullable(
  z.string(BIRTH_DATE_WRONG).check(
    z.refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const day = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
      const age = (Date.now() - day.getTime()) / (365.25 * 24 * 3600_000);
      return age >= 0 && age <= 120;
    }, BIRTH_DATE_WRONG),
  ),
));

const EMAIL_WRONG = "L'adresse e-mail n'est pas valide.";
const PHONE_WRONG = 'Indiquez un numéro de téléphone français, par exemple 06 12 34 56 78.';
const INCOME_WRONG = 'Indiquez le revenu fiscal de référence en euros, sans centimes (0 si vous n’avez pas de revenus).';

/** One person's fields; each may be sent alone: the page saves as its owner goes. */
export const personSchema = builtWhenUsed(() => z.partial(
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
));
export type PersonUpdate = z.output<typeof personSchema>;

const MEMBER_WRONG = 'Indiquez le prénom et le lien de chaque personne à charge.';
const memberSchema = builtWhenUsed(() => z.strictObject({
  first_name: name(MEMBER_WRONG),
  birth_date: z._default(birthDate, null),
  role: z.enum(MEMBER_ROLES, MEMBER_WRONG),
}));

const ids = (message: string) => z.array(z.number(message).check(z.refine(Number.isSafeInteger, message), z.positive(message)), message).check(z.maxLength(20, 'Choisissez au plus 20 éléments.'));
const RENT_WRONG = 'Indiquez un loyer mensuel en euros.';

/**
 * `POST /api/records/update-mine`: any of the fields of `my_record` the owner may change, each checked; what is not
 * sent stays. `person_2: null` makes the household a person alone again.
 */
export const myRecordUpdateSchema = builtWhenUsed(() => z.partial(
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
));
export type MyRecordUpdate = z.output<typeof myRecordUpdateSchema>;
