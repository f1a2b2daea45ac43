import { describe, expect, it } from 'vitest';
import { decisionOf, refusalProblems, refusalText, reviewsOf } from './review-decisions.js';

/** A review form holding these values (every other field empty, as the forms store gives it). */
const form = (values: Record<string, string>) => ({ value: (field: string) => values[field] ?? '' });

describe('a document review’s decisions', () => {
  it('reads a file’s decision, and nothing else as one', () => {
    const review = form({ 'decision-1': 'validated', 'decision-2': 'declined', 'decision-3': 'maybe' });
    expect(decisionOf(review, 1)).toBe('validated');
    expect(decisionOf(review, 2)).toBe('declined');
    expect(decisionOf(review, 3)).toBeNull();
    expect(decisionOf(review, 4)).toBeNull();
  });

  it('writes the reason the owner reads: the catalogue’s words, then staff’s own; « Autre motif » is staff’s words alone', () => {
    expect(refusalText(form({}), 1)).toBe('');
    expect(refusalText(form({ 'reason-1': 'unreadable' }), 1)).toBe('Document illisible ou flou.');
    expect(refusalText(form({ 'reason-1': 'unreadable', 'details-1': '  Envoyez-le en couleur. ' }), 1)).toBe('Document illisible ou flou. Envoyez-le en couleur.');
    expect(refusalText(form({ 'reason-1': 'other', 'details-1': 'Le verso manque.' }), 1)).toBe('Le verso manque.');
  });

  it('says what each refusal lacks, by field: a reason, and staff’s words with « Autre motif »', () => {
    const review = form({
      'decision-1': 'declined',
      'decision-2': 'declined',
      'reason-2': 'other',
      'details-2': '   ',
      'decision-3': 'declined',
      'reason-3': 'outdated',
      'decision-4': 'validated',
    });
    expect(refusalProblems(review, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }])).toEqual({
      'reason-1': 'Choisissez le motif du refus : il sera transmis au demandeur.',
      'details-2': 'Écrivez le motif du refus : avec « Autre motif », le demandeur ne lira que vos mots.',
    });
    expect(refusalProblems(form({ 'decision-2': 'declined', 'reason-2': 'other', 'details-2': 'Illisible.' }), [{ id: 2 }])).toEqual({});
  });

  it('sends a validation as it is and a refusal with its reason', () => {
    const review = form({ 'decision-1': 'validated', 'reason-1': 'other', 'details-1': 'ignoré', 'decision-2': 'declined', 'reason-2': 'wrong_person' });
    expect(reviewsOf(review, [{ id: 1 }, { id: 2 }])).toEqual([
      { id: 1, status: 'validated' },
      { id: 2, status: 'declined', reason: 'Le document n’est pas au nom de la bonne personne.' },
    ]);
  });
});
