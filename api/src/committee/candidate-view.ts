import {
  applicantsLabel,
  candidateLabel,
  householdLabel,
  OPINIONS,
  type CandidateView,
  type Opinion,
  type RecommendationsView,
  type RecommendationView,
} from '@hsa-lli/common/back-office';
import { ageInYears, completeness, incomeCeiling, rentRatio } from '@hsa-lli/common/domain';
import type { Good } from '../goods/entities/good.entity.js';
import { documentView, householdDocuments, householdPersons, personView, requiredFor } from '../records/record-view.js';
import type { Record } from '../records/entities/record.entity.js';
import type { CommitteeCandidate } from './entities/committee-candidate.entity.js';
import type { CommitteeRecommendation } from './entities/committee-recommendation.entity.js';

const DAY_MS = 86_400_000;

export function recommendationView(recommendation: CommitteeRecommendation): RecommendationView {
  return {
    opinion: recommendation.opinion,
    reason: recommendation.reason,
    conflict_of_interest: recommendation.conflictOfInterest,
    updated_at: recommendation.updatedAt.toISOString(),
  };
}

/** The recommendations on a candidate: how many of each opinion, and each with its author, in the order given. */
export function recommendationsView(recommendations: readonly CommitteeRecommendation[]): RecommendationsView {
  const tally = Object.fromEntries(OPINIONS.map((opinion) => [opinion, 0])) as { [opinion in Opinion]: number };
  for (const recommendation of recommendations) tally[recommendation.opinion] += 1;
  return {
    tally,
    items: [...recommendations].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map((recommendation) => ({ ...recommendationView(recommendation), member: recommendation.memberName })),
  };
}

/** The household's yearly reference income: the sum of its persons', or null while one is missing. */
export function householdIncome(record: Record): number | null {
  const incomes = householdPersons(record).map((person) => person.taxIncome);
  return incomes.some((income) => income === null) ? null : incomes.reduce<number>((sum, income) => sum + (income ?? 0), 0);
}

export interface CandidateContext {
  /** The applicants' names are shown: to staff and the comitee role. */
  names: boolean;
  year: number;
  now: Date;
  mine: CommitteeRecommendation | null;
  /** The others' recommendations, when the caller may read them; else null. */
  others: readonly CommitteeRecommendation[] | null;
}

/**
 * A candidate as the committee reads it (CandidateView): the household, its situations and incomes against the good,
 * how far its documents are; never a document, a birth date or anything else that could discriminate. Loaded with its
 * file's persons and documents; the good with its residence.
 */
export function candidateView(candidate: CommitteeCandidate, record: Record, good: Good, context: CandidateContext): CandidateView {
  const persons = householdPersons(record);
  const income = householdIncome(record);
  const ceiling = incomeCeiling(context.year, good.residence.area, record.situation, record.dependants);
  const rent = good.rentPriceCents / 100;
  const required = requiredFor(record);
  const documents = householdDocuments(record).map(documentView);
  const { provided, validated, complete } = completeness(required, documents);
  const ofRequired = documents.filter((document) => required.includes(document.type));
  return {
    id: candidate.id,
    label: candidateLabel(candidate.position),
    record_id: record.id,
    reference: record.reference,
    name: context.names ? applicantsLabel(persons.map(personView)) : null,
    stage: record.stage,
    household: {
      situation: record.situation,
      label: householdLabel(record.situation, record.members ?? []),
      dependants: (record.members ?? []).map((member) => ({ role: member.role, age: member.birth_date ? ageInYears(member.birth_date) : null })),
    },
    persons: persons.map((person) => ({ pro_situation: person.proSituation, housing_situation: person.housingSituation })),
    income,
    income_ceiling: ceiling,
    margin: income === null ? null : ceiling - income,
    rent_ratio: rentRatio(good.rentPriceCents, income),
    income_left: income === null ? null : Math.round(income / 12 - rent),
    documents: {
      required: required.length,
      provided,
      validated,
      declined: ofRequired.filter((document) => document.status === 'declined').length,
      to_process: ofRequired.filter((document) => document.status === 'to_process').length,
      complete,
    },
    waiting_since: record.createdAt.toISOString(),
    waiting_days: Math.max(0, Math.floor((context.now.getTime() - record.createdAt.getTime()) / DAY_MS)),
    my_recommendation: context.mine && recommendationView(context.mine),
    recommendations: context.others && recommendationsView(context.others),
    rank: candidate.rank,
    reason: candidate.reason,
  };
}
