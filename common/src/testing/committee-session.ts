/**
 * A session as the API answers it, for the unit tests of the committee's screens and of its minutes: its goods, their
 * candidates, what the caller may do; each part with what a test changes.
 */
import type { CandidateView, CommitteeSessionView, SessionGoodView } from '@hsa-lli/common/back-office';

export function candidate(id: number, label: string, more: Partial<CandidateView> = {}): CandidateView {
  return {
    id,
    label,
    record_id: 100 + id,
    reference: `DOS-2026-00${id}`,
    name: null,
    stage: 'committee',
    household: { situation: 'couple', label: 'Couple, 1 enfant', dependants: [{ role: 'child', age: 7 }] },
    persons: [
      { pro_situation: 'cdi', housing_situation: 'loc_prive' },
      { pro_situation: 'cdd', housing_situation: 'loc_prive' },
    ],
    income: 42_000,
    income_ceiling: 55_000,
    margin: 13_000,
    rent_ratio: 0.25,
    income_left: 2_625,
    documents: { required: 8, provided: 8, validated: 7, declined: 0, to_process: 1, complete: false },
    waiting_since: '2026-09-01T08:00:00.000Z',
    waiting_days: 87,
    my_recommendation: null,
    recommendations: null,
    rank: null,
    reason: null,
    ...more,
  };
}

export function good(id: number, candidates: CandidateView[], more: Partial<SessionGoodView> = {}): SessionGoodView {
  return {
    id,
    reference: `RES-001-0${id}`,
    label: 'T3 de 64 m²',
    residence: { id: 1, name: 'Résidence Arrosa' },
    city: 'Anglet',
    zone: 'B1',
    flat_size: 'T3',
    surface: 64,
    rent: 875,
    lli_year: 2026,
    candidates,
    thread: [],
    decision: null,
    ...more,
  };
}

export function session(goods: SessionGoodView[], more: Partial<CommitteeSessionView> = {}): CommitteeSessionView {
  return {
    id: 7,
    version: 3,
    state: 'open',
    date: '2026-12-03T17:00:00.000Z',
    place: 'Agence de Bayonne',
    video_url: null,
    vote_closes_at: null,
    opened_at: '2026-11-27T09:00:00.000Z',
    closed_at: null,
    closed_by: null,
    voting: true,
    members: [
      { id: 1, name: 'Maite Comité', role: 'comitee', present: true },
      { id: 2, name: 'Jon Membre', role: 'member', present: false },
    ],
    quorum: { members: 2, present: 1, required: 2, met: false },
    goods,
    can: { edit: false, open: false, close: true, recommend: true },
    ...more,
  };
}
