/**
 * The printable PDFs (`mf-pdf`'s pages, printed by the API's `pdf` queue): which page each is, where its data and its
 * file are asked for, and the shapes of its data.
 */
import type { CityView } from '../api.js';
import type { EnergyLetter } from '../energy.js';
import type { EventType, RecordStage } from '../follow-up.js';
import type { FlatSize, ResidenceStatus, Zone } from '../reference.js';
import type { RecordEventView, StageChangeView } from './follow-up.js';
import type { StaffRecord } from './records.js';
import type { CommitteeSessionView } from './committee.js';
import { parisDay } from '../format.js';

export const PDF_KINDS = ['executive', 'summary', 'minutes'] as const;
export type PdfKind = (typeof PDF_KINDS)[number];

export interface PdfDocument {
  /** The page of the catalogue that shows it, and whose access rule the data, the file and its job follow. */
  page: '/PDF/note-de-direction/[id]' | '/PDF/fiche-synthese-demandeur/[id]' | '/PDF/proces-verbal/[id]';
  /** The address of the page for one good or file. */
  path(id: number): string;
  /** The API's data call, `POST` (the page's loader), and beside it `<call>.pdf` (the file) and `<call>/jobs/<job>`. */
  call(id: number): string;
  /** What the downloaded file is called: French, without characters a file system may refuse. */
  fileName(reference: string): string;
}

/** « DOS-2026-0003 » as it may stand in a file name. */
const safe = (reference: string) => reference.replace(/[^A-Za-z0-9_-]+/g, '-');

export const PDF_DOCUMENTS: { [kind in PdfKind]: PdfDocument } = {
  executive: {
    page: '/PDF/note-de-direction/[id]',
    path: (id) => `/PDF/note-de-direction/${id}`,
    call: (id) => `/goods/${id}/PDF/executive`,
    fileName: (reference) => `note-de-direction-${safe(reference)}.pdf`,
  },
  summary: {
    page: '/PDF/fiche-synthese-demandeur/[id]',
    path: (id) => `/PDF/fiche-synthese-demandeur/${id}`,
    call: (id) => `/records/${id}/PDF/summary`,
    fileName: (reference) => `fiche-de-synthese-${safe(reference)}.pdf`,
  },
  minutes: {
    page: '/PDF/proces-verbal/[id]',
    path: (id) => `/PDF/proces-verbal/${id}`,
    call: (id) => `/committee/sessions/${id}/PDF/minutes`,
    fileName: (reference) => `proces-verbal-${safe(reference)}.pdf`,
  },
};

/** How a file is a candidate for a good. */
export type CandidacyKind = 'wished' | 'proposed' | 'offered' | 'visited';

export const CANDIDACY_LABELS: { [kind in CandidacyKind]: string } = {
  wished: 'Souhaité par le foyer',
  proposed: 'Positionné par l’équipe',
  offered: 'Proposé',
  visited: 'Visité',
};

/**
 * A candidate file of the executive note: a file that wishes the good, that staff put forward for it, or that has an
 * offer or a visit of it among its events. No names: the note goes to the committee too; the reference leads to the file.
 */
export interface ExecutiveCandidate {
  id: number;
  reference: string;
  household: string;
  stage: RecordStage;
  kinds: CandidacyKind[];
  /** The household's eligibility in the good's zone; null while its incomes are not all given. */
  eligible: boolean | null;
  /** The good's rent over a twelfth of the household's yearly income; null while unknown. */
  rent_ratio: number | null;
  last_event: { type: EventType; at: string } | null;
}

/** `POST /api/goods/<id>/PDF/executive` → `{ good }`: the executive note's data. Amounts in euros. */
export interface ExecutiveGood {
  id: number;
  version: number;
  enabled: boolean;
  reference: string;
  flat_size: FlatSize;
  surface: number;
  /** Monthly rent, charges included. */
  rent_price: number;
  monthly_costs: number;
  available_from: string | null;
  /** A household lives in it, as the follow-up of the files naming it says (`availabilityOf` reads both). */
  occupied: boolean;
  description: string;
  facilities: string[];
  dpe_kwh: number | null;
  dpe_kgco2: number | null;
  kwh_class: EnergyLetter | null;
  kgco2_class: EnergyLetter | null;
  energy_class: EnergyLetter | null;
  /** The LLI monthly rent ceiling of the residence's zone for this surface, charges excluded, in euros, of `lli_year`. */
  rent_ceiling: number;
  lli_year: number;
  residence: { id: number; name: string; status: ResidenceStatus; address_line_1: string; neighborhood: string | null; city: CityView; area: Zone };
  candidates: ExecutiveCandidate[];
}

export interface ExecutiveNoteAnswer {
  good: ExecutiveGood;
}

/**
 * `POST /api/records/<id>/PDF/summary` → `{ record }`: the applicant summary's data, the file as staff read it (its
 * audit trail aside: each consultation would make another file) with its follow-up history, oldest first.
 */
export interface ApplicantSummary extends Omit<StaffRecord, 'consultations'> {
  /** The residences of `wishes.residences`, named. */
  wished_residences: { id: number; name: string }[];
  stage_changes: StageChangeView[];
  events: RecordEventView[];
}

export interface ApplicantSummaryAnswer {
  record: ApplicantSummary;
}

/**
 * `POST /api/committee/sessions/<id>/PDF/minutes` → `{ session }`: a closed session's minutes (procès-verbal), the
 * session as staff read it once closed: who sat and the quorum, every good with its candidates, their recommendations
 * with reasons, the decision, the ranking and the reasons.
 */
export interface MinutesAnswer {
  session: CommitteeSessionView;
}

/** « comite-2026-12-10 »: what a session's minutes are named by, its day in France. */
export function minutesReference(date: string): string {
  return `comite-${parisDay(new Date(date))}`;
}

/** What the API answers when it has no Chromium to print with (503), and when printing failed for good. */
export const PDF_NO_CHROMIUM =
  'Le serveur ne dispose pas du navigateur Chromium qui imprime les PDF : le document ne peut pas être préparé. Prévenez l’équipe technique (variable CHROMIUM_PATH).';
export const PDF_FAILED = 'Le PDF n’a pas pu être préparé. Réessayez dans quelques instants ; si cela se reproduit, prévenez l’équipe technique.';
