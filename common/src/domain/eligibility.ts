import * as z from 'zod/mini';
import { findCommune } from './communes.js';
import { LLI_YEARS, incomeCeiling } from './lli.js';
import { HOUSEHOLDS, type Household, type Zone } from './reference.js';
import { builtWhenUsed } from './schema.js';

export interface EligibilityQuestion {
  household: Household;
  dependants: number;
  /** INSEE code of the commune of the flat wanted. */
  city: string;
  /** Revenu fiscal de référence of year N-2 of each person, in euros: one for a person alone, one or two for a couple. */
  incomes: number[];
  year: number;
}

export interface EligibilityAnswer {
  eligible: boolean;
  zone: Zone;
  year: number;
  /** The LLI income ceiling of the household's line and zone, in euros. */
  ceiling: number;
  /** The household's income: the sum of the persons' incomes, in euros. */
  income: number;
}

/** A question and its answer: what the contact form receives from the test to prefill its request. */
export interface EligibilityResult extends EligibilityQuestion, EligibilityAnswer {}

export const MAX_DEPENDANTS = 12;

const INCOMES_MISSING = 'Indiquez le revenu fiscal de référence de chaque personne.';
const DEPENDANTS_WRONG = `Indiquez un nombre de personnes à charge entre 0 et ${MAX_DEPENDANTS}.`;
const CITY_WRONG = 'Choisissez la commune du logement dans la liste.';
const YEAR_WRONG = `Les plafonds disponibles sont ceux de ${LLI_YEARS.join(' et ')}.`;

/** One person's income: a missing one (null, or an empty field of the form) is asked for. */
const income = builtWhenUsed(() => z
  .number({ error: (issue) => (issue.input == null ? INCOMES_MISSING : 'Les revenus doivent être des montants en euros.') })
  .check(z.gte(0, 'Un revenu fiscal de référence ne peut pas être négatif.'), z.lte(10_000_000, 'Ce montant semble trop élevé : vérifiez le revenu saisi.')));

/** The number of incomes is checked once each of them is right, whatever is wrong elsewhere. */
const incomesRight = (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === 'incomes');

/** The eligibility test's question, checked the same way by the form and the API; the year defaults to the current one. */
export const eligibilitySchema = builtWhenUsed(() => z
  .strictObject({
    household: z.enum(HOUSEHOLDS, 'Indiquez si vous vivez seul(e) ou en couple.'),
    dependants: z.number(DEPENDANTS_WRONG).check(z.refine(Number.isInteger, DEPENDANTS_WRONG), z.gte(0, DEPENDANTS_WRONG), z.lte(MAX_DEPENDANTS, DEPENDANTS_WRONG)),
    city: z.string(CITY_WRONG).check(z.refine((city) => findCommune(city) !== undefined, CITY_WRONG)),
    incomes: z.array(income, INCOMES_MISSING).check(z.minLength(1, INCOMES_MISSING)),
    year: z._default(z.number(YEAR_WRONG).check(z.refine((year) => LLI_YEARS.includes(year), YEAR_WRONG)), () => currentLliYear()),
  })
  .check(
    z.refine((question) => !(question.household === 'alone' && question.incomes.length > 1), {
      error: 'Une personne seule ne déclare qu’un revenu.',
      path: ['incomes'],
      when: incomesRight,
    }),
    z.refine((question) => question.incomes.length <= 2, { error: 'Un couple déclare au plus deux revenus.', path: ['incomes'], when: incomesRight }),
  ));

/** Compares the household's income with the LLI ceiling; an income equal to the ceiling is eligible. */
export function checkEligibility(question: EligibilityQuestion): EligibilityAnswer {
  const commune = findCommune(question.city);
  if (!commune) throw new RangeError(`Unknown commune ${question.city}`);
  const ceiling = incomeCeiling(question.year, commune.areas, question.household, question.dependants);
  const income = question.incomes.reduce((sum, value) => sum + value, 0);
  return { eligible: income <= ceiling, zone: commune.areas, year: question.year, ceiling, income };
}

/**
 * The eligibility test's question a request carries (a contact request made from the test's answer), answered again
 * here: the verdict, income, ceiling and zone sent with it are never read, whoever sent them. Null when the answers
 * are missing or are not a question of the test.
 */
export function answeredAgain(sent: unknown): EligibilityResult | null {
  if (typeof sent !== 'object' || sent === null) return null;
  const { household, dependants, city, incomes, year } = sent as Partial<Record<keyof EligibilityQuestion, unknown>>;
  const question = eligibilitySchema.safeParse({ household, dependants, city, incomes, year });
  return question.success ? { ...question.data, ...checkEligibility(question.data) } : null;
}

/** The year whose ceilings apply today: this year's when published, else the latest. */
export function currentLliYear(now = new Date()): number {
  const year = now.getFullYear();
  return LLI_YEARS.includes(year) ? year : Math.max(...LLI_YEARS.filter((known) => known <= year), Math.min(...LLI_YEARS));
}
