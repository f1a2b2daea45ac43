/**
 * The allocation committee (docs/committee.md): its sessions, run by staff; the candidates of each good on the agenda;
 * the members' recommendations; the decision of each good taken when the session closes. The calls are under
 * `/api/committee/`; the shapes and the forms' schemas are here, with their French messages.
 */
import * as z from 'zod/mini';
import type { MemberRole, ProSituation, HousingSituation, Household, Zone, FlatSize } from '../reference.js';
import type { RecordStage } from '../follow-up.js';
import { builtWhenUsed, localDateTimeField, requiredText, text } from '../schema.js';
import { oneOf, versionField } from './list.js';

export const SESSION_STATES = ['scheduled', 'open', 'closed'] as const;
export type SessionState = (typeof SESSION_STATES)[number];
export const SESSION_STATE_OPTIONS = [
  { value: 'scheduled', label: 'Programmé' },
  { value: 'open', label: 'Ouvert' },
  { value: 'closed', label: 'Clos' },
] as const satisfies readonly { value: SessionState; label: string }[];

export const OPINIONS = ['favorable', 'unfavorable', 'reserved', 'abstain'] as const;
export type Opinion = (typeof OPINIONS)[number];
export const OPINION_OPTIONS = [
  { value: 'favorable', label: 'Favorable' },
  { value: 'unfavorable', label: 'Défavorable' },
  { value: 'reserved', label: 'Réservé' },
  { value: 'abstain', label: 'Abstention (conflit d’intérêts)' },
] as const satisfies readonly { value: Opinion; label: string }[];

export const DECISION_OUTCOMES = ['allocated', 'allocated_ranked', 'allocated_conditional', 'not_allocated', 'inadmissible'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const DECISION_OUTCOME_OPTIONS = [
  { value: 'allocated', label: 'Attribution' },
  { value: 'allocated_ranked', label: 'Attribution avec classement des candidats' },
  { value: 'allocated_conditional', label: 'Attribution sous condition' },
  { value: 'not_allocated', label: 'Non-attribution' },
  { value: 'inadmissible', label: 'Candidatures irrecevables' },
] as const satisfies readonly { value: DecisionOutcome; label: string }[];

/** The outcomes that give the good to a candidate: the first of `ranking`. */
export const ALLOCATING_OUTCOMES: readonly DecisionOutcome[] = ['allocated', 'allocated_ranked', 'allocated_conditional'];

/** A committee examines three candidates per flat when there are enough; fewer is shown as a warning. */
export const USUAL_CANDIDATES = 3;

/** « Candidat A », « Candidat B »… « Candidat AA » after Z: how members know a candidate, by their order on the good. */
export function candidateLabel(index: number): string {
  let letters = '';
  for (let rest = index; rest >= 0; rest = Math.floor(rest / 26) - 1) letters = String.fromCharCode(65 + (rest % 26)) + letters;
  return `Candidat ${letters}`;
}

const ID_WRONG = "L'identifiant doit être un nombre entier positif.";
const id = builtWhenUsed(() => z.int(ID_WRONG).check(z.minimum(1, ID_WRONG)));
const PLACE_MAX = 200;
const URL_MAX = 500;
const videoUrl = builtWhenUsed(() => z.optional(
  z.nullable(
    text('Le lien de la visioconférence doit être une adresse.', { length: URL_MAX, message: `Le lien ne peut pas dépasser ${URL_MAX} caractères.` }).check(
      z.refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), 'Le lien de la visioconférence doit commencer par https:// (par exemple https://visio.exemple.fr/comite).'),
    ),
  ),
));
const ids = (missing: string) => z.array(id, missing).check(z.minLength(1, missing), z.maxLength(100, 'La liste est trop longue.'));

const sessionFields = builtWhenUsed(() => ({
  date: localDateTimeField('Indiquez la date et l’heure de la séance.'),
  place: z.optional(z.nullable(text('Le lieu doit être un texte.', { length: PLACE_MAX, message: `Le lieu ne peut pas dépasser ${PLACE_MAX} caractères.` }))),
  video_url: videoUrl,
  vote_closes_at: z.optional(z.nullable(localDateTimeField('Indiquez la date et l’heure de fin du vote.'))),
  member_ids: ids('Choisissez au moins un membre du comité.'),
  good_ids: ids('Choisissez au moins un logement à examiner.'),
}));

const placeOrLink = (session: { place?: string | null; video_url?: string | null }) => Boolean(session.place?.trim() || session.video_url?.trim());
const PLACE_OR_LINK = 'Indiquez le lieu de la séance, le lien de la visioconférence, ou les deux.';
const voteAfterDate = (session: { date?: string; vote_closes_at?: string | null }) =>
  !session.vote_closes_at || !session.date || session.vote_closes_at.slice(0, 16) > session.date.slice(0, 16);
const VOTE_AFTER = 'La fin du vote doit venir après le début de la séance.';

/** `POST /api/committee/sessions/create`. */
export const sessionCreateSchema = builtWhenUsed(() => z.strictObject(sessionFields).check(
  z.refine(placeOrLink, { error: PLACE_OR_LINK, path: ['place'] }),
  z.refine(voteAfterDate, { error: VOTE_AFTER, path: ['vote_closes_at'] }),
));
export type SessionCreateRequest = z.output<typeof sessionCreateSchema>;

/** `POST /api/committee/sessions/update`: any of the fields, on the version read. */
export const sessionUpdateSchema = builtWhenUsed(() => z
  .strictObject({
    id,
    version: versionField,
    date: z.optional(sessionFields.date),
    place: sessionFields.place,
    video_url: sessionFields.video_url,
    vote_closes_at: sessionFields.vote_closes_at,
    member_ids: z.optional(sessionFields.member_ids),
    good_ids: z.optional(sessionFields.good_ids),
  })
  .check(z.refine(voteAfterDate, { error: VOTE_AFTER, path: ['vote_closes_at'] })));
export type SessionUpdateRequest = z.output<typeof sessionUpdateSchema>;

/** `POST /api/committee/sessions/list`. */
export const sessionListSchema = builtWhenUsed(() => z.strictObject({
  filters: z.optional(z.strictObject({ state: oneOf(SESSION_STATES, 'Choisissez un état de la liste.') })),
  page: z.optional(z.int('La page doit être un nombre entier.').check(z.minimum(1, 'La page doit être un nombre entier positif.'))),
  per_page: z.optional(z.int('Le nombre de lignes doit être un nombre entier.').check(z.minimum(1, 'Au moins une ligne par page.'), z.maximum(100, 'Au plus 100 lignes par page.'))),
}));
export type SessionListRequest = z.output<typeof sessionListSchema>;

/** `POST /api/committee/candidates/add`. */
export const candidateAddSchema = builtWhenUsed(() => z.strictObject({ session_id: id, good_id: id, record_id: id }));
export type CandidateAddRequest = z.output<typeof candidateAddSchema>;

const REASON_MAX = 2000;
const reasonText = (wrong: string) => text(wrong, { length: REASON_MAX, message: `Le motif ne peut pas dépasser ${REASON_MAX} caractères.` }, 'lines');

/** `POST /api/committee/recommendations/save`: an opinion, its reason unless favourable; a conflict of interest abstains. */
export const recommendationSchema = builtWhenUsed(() => z
  .strictObject({
    candidate_id: id,
    opinion: z.enum(OPINIONS, 'Choisissez votre avis : favorable, défavorable, réservé, ou abstention.'),
    reason: z.optional(z.nullable(reasonText('Le motif doit être un texte.'))),
    conflict_of_interest: z.optional(z.boolean('Indiquez si vous avez un conflit d’intérêts.')),
  })
  .check(
    z.refine((saved) => saved.opinion === 'favorable' || saved.opinion === 'abstain' || Boolean(saved.reason?.trim()), {
      error: 'Donnez le motif de votre avis.',
      path: ['reason'],
    }),
    z.refine((saved) => (saved.opinion === 'abstain') === Boolean(saved.conflict_of_interest), {
      error: 'On s’abstient en déclarant un conflit d’intérêts, et un conflit d’intérêts impose l’abstention.',
      path: ['opinion'],
    }),
  ));
export type RecommendationRequest = z.output<typeof recommendationSchema>;

/** `POST /api/committee/threads/post`: a message in a good's discussion. */
export const threadPostSchema = builtWhenUsed(() => z.strictObject({
  session_id: id,
  good_id: id,
  body: requiredText('Écrivez votre message.', { length: REASON_MAX, message: `Un message ne peut pas dépasser ${REASON_MAX} caractères.` }, 'lines'),
}));
export type ThreadPostRequest = z.output<typeof threadPostSchema>;

const decisionSchema = builtWhenUsed(() => z.strictObject({
  good_id: id,
  outcome: z.enum(DECISION_OUTCOMES, 'Choisissez la décision de la liste.'),
  ranking: z.optional(z.array(id, 'Le classement est une liste de candidats.').check(z.maxLength(100, 'Le classement est trop long.'))),
  condition: z.optional(z.nullable(reasonText('La condition doit être un texte.'))),
  reasons: z.record(z.string(), reasonText('Le motif doit être un texte.'), 'Donnez un motif pour chaque candidat non retenu.'),
}));
export type Decision = z.output<typeof decisionSchema>;

/**
 * `POST /api/committee/sessions/close` (comitee only): one decision per good of the agenda. The service checks each
 * against its candidates and answers the problems as `decisions.<good_id>.<field>` (`reasons.<candidate_id>`).
 */
export const sessionCloseSchema = builtWhenUsed(() => z.strictObject({
  id,
  decisions: z.array(decisionSchema, 'Donnez une décision pour chaque logement.').check(z.maxLength(100, 'La liste des décisions est trop longue.')),
}));
export type SessionCloseRequest = z.output<typeof sessionCloseSchema>;

/** What a decision lacks, by field (`outcome`, `ranking`, `condition`, `reasons.<id>`), against the good's candidates. */
export function decisionProblems(decision: Pick<Decision, 'outcome' | 'ranking' | 'condition' | 'reasons'>, candidateIds: readonly number[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const ranking = decision.ranking ?? [];
  const allocating = ALLOCATING_OUTCOMES.includes(decision.outcome);
  if (ranking.some((candidate) => !candidateIds.includes(candidate))) problems.ranking = 'Le classement ne peut nommer que les candidats de ce logement.';
  else if (new Set(ranking).size !== ranking.length) problems.ranking = 'Un candidat ne peut être classé qu’une fois.';
  else if (allocating && candidateIds.length === 0) problems.outcome = 'Ce logement n’a aucun candidat : il ne peut pas être attribué.';
  else if (decision.outcome === 'allocated_ranked' && ranking.length < 2) problems.ranking = 'Classez au moins deux candidats, le premier étant retenu.';
  else if (allocating && ranking.length === 0) problems.ranking = 'Choisissez le candidat retenu.';
  else if (decision.outcome === 'allocated' && ranking.length > 1) problems.ranking = 'Une attribution simple retient un seul candidat : choisissez « Attribution avec classement » pour en classer plusieurs.';
  else if (!allocating && ranking.length > 0) problems.ranking = 'Cette décision ne retient aucun candidat : retirez le classement.';
  if (decision.outcome === 'allocated_conditional' && !decision.condition?.trim()) problems.condition = 'Précisez la condition de l’attribution (par exemple la pièce à fournir).';
  if (decision.outcome !== 'allocated_conditional' && decision.condition?.trim()) problems.condition = 'Seule une attribution sous condition porte une condition.';
  for (const candidate of candidateIds) {
    if (!ranking.includes(candidate) && !decision.reasons[String(candidate)]?.trim()) problems[`reasons.${candidate}`] = 'Donnez le motif pour ce candidat non retenu.';
  }
  return problems;
}

/** How far the members have given their recommendations, against the quorum the session needs to close. */
export interface QuorumView {
  members: number;
  /** Members who gave at least one recommendation (a declared conflict of interest counts). */
  present: number;
  required: number;
  met: boolean;
}

export interface RecommendationView {
  opinion: Opinion;
  reason: string | null;
  conflict_of_interest: boolean;
  /** ISO 8601. */
  updated_at: string;
}

/** The others' recommendations on a candidate: a tally, and each with its author and reason. */
export interface RecommendationsView {
  tally: { [opinion in Opinion]: number };
  items: (RecommendationView & { member: string })[];
}

/**
 * A candidate as the committee reads it: only what the decision needs, never the documents themselves, a birth date or
 * place, or anything that could discriminate. Amounts in euros.
 */
export interface CandidateView {
  id: number;
  /** « Candidat A »: what members call them. */
  label: string;
  record_id: number;
  reference: string;
  /** The applicants' names: to staff and the comitee role only; null to members. */
  name: string | null;
  stage: RecordStage;
  household: { situation: Household; label: string; dependants: { role: MemberRole; age: number | null }[] };
  persons: { pro_situation: ProSituation | null; housing_situation: HousingSituation | null }[];
  /** The household's yearly reference income, or null while one is missing. */
  income: number | null;
  /** The LLI income ceiling of the good's zone for this household, of `lli_year`. */
  income_ceiling: number;
  /** The ceiling less the income: negative when over it. */
  margin: number | null;
  /** The good's rent (charges included) over a twelfth of the income. */
  rent_ratio: number | null;
  /** A twelfth of the income less the rent, charges included. */
  income_left: number | null;
  documents: { required: number; provided: number; validated: number; declined: number; to_process: number; complete: boolean };
  /** When the file was opened, ISO 8601, and how many days ago. */
  waiting_since: string;
  waiting_days: number;
  my_recommendation: RecommendationView | null;
  /** The others' recommendations: once the caller gave theirs on every candidate of the good, and to staff once closed. */
  recommendations: RecommendationsView | null;
  /** Once decided: the candidate's rank (1 is chosen), and the reason given for a candidate not chosen. */
  rank: number | null;
  reason: string | null;
}

export interface ThreadMessageView {
  id: number;
  author: string;
  body: string;
  /** ISO 8601. */
  at: string;
}

export interface SessionGoodView {
  id: number;
  reference: string;
  label: string;
  residence: { id: number; name: string };
  city: string;
  zone: Zone;
  flat_size: FlatSize;
  surface: number;
  /** Monthly rent, charges included. */
  rent: number;
  lli_year: number;
  candidates: CandidateView[];
  thread: ThreadMessageView[];
  decision: { outcome: DecisionOutcome; condition: string | null } | null;
}

export interface SessionMemberView {
  id: number;
  name: string;
  role: 'comitee' | 'member';
  /** Gave at least one recommendation in this session. */
  present: boolean;
}

export interface CommitteeSessionView {
  id: number;
  version: number;
  state: SessionState;
  /** ISO 8601 instants. */
  date: string;
  place: string | null;
  video_url: string | null;
  vote_closes_at: string | null;
  opened_at: string | null;
  closed_at: string | null;
  closed_by: string | null;
  /** Open, and its vote deadline, if any, not passed: recommendations are taken. */
  voting: boolean;
  members: SessionMemberView[];
  quorum: QuorumView;
  goods: SessionGoodView[];
  /** What the caller may do: staff edit and open; the comitee role closes; members recommend. */
  can: { edit: boolean; open: boolean; close: boolean; recommend: boolean };
}

export interface SessionAnswer {
  session: CommitteeSessionView;
}

/** A row of `sessions/list`. */
export interface SessionRow {
  id: number;
  state: SessionState;
  date: string;
  place: string | null;
  video_url: string | null;
  vote_closes_at: string | null;
  goods: number;
  candidates: number;
  members: number;
  /** Whether the caller gave a recommendation on every candidate: for members. */
  done: boolean | null;
}

/** `POST /api/committee/members/options` and `goods/options`: what a session's form offers. */
export interface CommitteeOption {
  id: number;
  label: string;
}
