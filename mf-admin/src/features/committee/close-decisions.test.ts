import { describe, expect, it } from 'vitest';
import { closeBody, closeProblems, decisionField, decisionOf, moved } from './close-decisions.js';
import { candidate, good } from '@hsa-lli/common/testing/committee-session';

const FLAT = good(4, [candidate(11, 'Candidat A'), candidate(12, 'Candidat B'), candidate(13, 'Candidat C')]);
const EMPTY = good(5, []);

/** The closing form's values for the good above. */
const values = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([field, value]) => [decisionField(4, field), value]));

describe('the ranking of the closing form', () => {
  it('moves a candidate up or down, and leaves the ends as they are', () => {
    expect(moved([11, 12, 13], 12, -1)).toEqual([12, 11, 13]);
    expect(moved([11, 12, 13], 12, 1)).toEqual([11, 13, 12]);
    expect(moved([11, 12, 13], 11, -1)).toEqual([11, 12, 13]);
    expect(moved([11, 12, 13], 13, 1)).toEqual([11, 12, 13]);
    expect(moved([11, 12], 99, 1)).toEqual([11, 12]);
  });
});

describe('a good’s decision from the closing form', () => {
  it('asks for the outcome first', () => {
    expect(decisionOf(FLAT, {})).toBeNull();
    expect(closeProblems([FLAT], {})).toEqual({ 'decisions.4.outcome': 'Choisissez la décision pour ce logement.' });
  });

  it('wants the chosen candidate, and a reason for each of the others', () => {
    expect(closeProblems([FLAT], values({ outcome: 'allocated' }))).toEqual({
      'decisions.4.ranking': 'Choisissez le candidat retenu.',
      'decisions.4.reasons.11': 'Donnez le motif pour ce candidat non retenu.',
      'decisions.4.reasons.12': 'Donnez le motif pour ce candidat non retenu.',
      'decisions.4.reasons.13': 'Donnez le motif pour ce candidat non retenu.',
    });
    const chosen = values({ outcome: 'allocated', ranking: '12', 'reasons.11': 'Revenus au-dessus du plafond.', 'reasons.13': '  ' });
    expect(closeProblems([FLAT], chosen)).toEqual({ 'decisions.4.reasons.13': 'Donnez le motif pour ce candidat non retenu.' });
  });

  it('keeps a simple allocation to one candidate, and a ranked one to two or more', () => {
    const reasons = { 'reasons.13': 'Dossier incomplet.' };
    expect(closeProblems([FLAT], values({ outcome: 'allocated', ranking: '11,12', ...reasons }))).toEqual({
      'decisions.4.ranking': 'Une attribution simple retient un seul candidat : choisissez « Attribution avec classement » pour en classer plusieurs.',
    });
    expect(closeProblems([FLAT], values({ outcome: 'allocated_ranked', ranking: '11', 'reasons.12': 'Taux d’effort trop élevé.', ...reasons }))).toEqual({
      'decisions.4.ranking': 'Classez au moins deux candidats, le premier étant retenu.',
    });
    expect(closeProblems([FLAT], values({ outcome: 'allocated_ranked', ranking: '12,11', ...reasons }))).toEqual({});
  });

  it('wants the condition of a conditional allocation, and sends it only then', () => {
    const conditional = values({ outcome: 'allocated_conditional', ranking: '11', condition: '', 'reasons.12': 'a', 'reasons.13': 'b' });
    expect(closeProblems([FLAT], conditional)).toEqual({ 'decisions.4.condition': 'Précisez la condition de l’attribution (par exemple la pièce à fournir).' });
    const given = { ...conditional, [decisionField(4, 'condition')]: 'Avis d’imposition 2026 à fournir.' };
    expect(decisionOf(FLAT, given)?.condition).toBe('Avis d’imposition 2026 à fournir.');
    const allocated = { ...given, [decisionField(4, 'outcome')]: 'allocated' };
    expect(decisionOf(FLAT, allocated)).not.toHaveProperty('condition');
  });

  it('leaves out the ranking of a decision that gives the good to nobody, and wants every reason', () => {
    const notAllocated = values({ outcome: 'not_allocated', ranking: '11', 'reasons.11': 'a', 'reasons.12': 'b' });
    expect(decisionOf(FLAT, notAllocated)?.ranking).toEqual([]);
    expect(closeProblems([FLAT], notAllocated)).toEqual({ 'decisions.4.reasons.13': 'Donnez le motif pour ce candidat non retenu.' });
  });

  it('refuses to allocate a good without candidates', () => {
    expect(closeProblems([EMPTY], { 'decisions.5.outcome': 'allocated' })).toEqual({
      'decisions.5.outcome': 'Ce logement n’a aucun candidat : il ne peut pas être attribué.',
    });
    expect(closeProblems([EMPTY], { 'decisions.5.outcome': 'not_allocated' })).toEqual({});
  });

  it('sends one decision per good, the reasons of ranked candidates left out', () => {
    const filled = {
      ...values({ outcome: 'allocated_ranked', ranking: '13,11', 'reasons.11': 'typed before ranking', 'reasons.12': ' Revenus insuffisants. ' }),
      'decisions.5.outcome': 'inadmissible',
    };
    expect(closeBody(7, [FLAT, EMPTY], filled)).toEqual({
      id: 7,
      decisions: [
        { good_id: 4, outcome: 'allocated_ranked', ranking: [13, 11], reasons: { '12': 'Revenus insuffisants.' } },
        { good_id: 5, outcome: 'inadmissible', ranking: [], reasons: {} },
      ],
    });
  });
});
