import { describe, expect, it } from 'vitest';
import { answerFailure, answerRequest, countdownText, daysLeft, isStale } from './offer-answer.js';

describe('answering an offer', () => {
  it('sends an acceptance without a reason, whatever was typed in the hidden field', () => {
    expect(answerRequest(4, 'accept', 'Trop loin')).toEqual({ request: { offer_id: 4, answer: 'accept' } });
  });

  it('asks for the reason of a refusal before sending it, and sends it trimmed', () => {
    expect(answerRequest(4, 'decline', '   ')).toEqual({ fields: { reason: 'Dites-nous pourquoi vous refusez ce logement.' } });
    expect(answerRequest(4, 'decline', '  Trop loin de mon travail ')).toEqual({ request: { offer_id: 4, answer: 'decline', reason: 'Trop loin de mon travail' } });
    expect(answerRequest(4, 'decline', 'x'.repeat(1001))).toEqual({ fields: { reason: 'Le motif ne peut pas dépasser 1000 caractères.' } });
  });

  it('tells the API’s refusal beside the reason when it names it, above the buttons otherwise', () => {
    expect(answerFailure({ status: 400, error: 'Certaines informations sont à corriger.', fields: { reason: 'Dites-nous pourquoi vous refusez ce logement.' } })).toEqual({
      reason: 'Dites-nous pourquoi vous refusez ce logement.',
    });
    const late = { status: 409, error: 'Le délai de réponse à cette proposition est dépassé : elle a été transmise au candidat suivant.', fields: {} };
    expect(answerFailure(late)).toEqual({ message: late });
    expect(answerFailure({ status: 400, error: 'Certaines informations sont à corriger.', fields: { offer_id: 'L’identifiant doit être un nombre entier positif.' } })).toEqual({
      message: { error: 'L’identifiant doit être un nombre entier positif.' },
    });
  });

  it('reads the offers again after a 409 or a 404 only: the offer moved on meanwhile', () => {
    expect([409, 404, 400, 500].map((status) => isStale({ status }))).toEqual([true, true, false, false]);
    expect(isStale('ABORTED')).toBe(false);
  });
});

describe('the days left to answer', () => {
  // 27 November 2026, 15:00 in France (UTC+1).
  const now = new Date('2026-11-27T14:00:00.000Z');

  it('counts calendar days in France, the deadline’s day being the last', () => {
    expect(daysLeft('2026-12-07T14:00:00.000Z', now)).toBe(10);
    // 23:30 UTC is already the next day in France.
    expect(daysLeft('2026-11-27T23:30:00.000Z', now)).toBe(1);
    expect(daysLeft('2026-11-27T22:00:00.000Z', now)).toBe(0);
  });

  it('says it in words', () => {
    expect(countdownText('2026-12-07T14:00:00.000Z', now)).toBe('Il vous reste 10 jours pour répondre.');
    expect(countdownText('2026-11-28T08:00:00.000Z', now)).toBe('Il vous reste 1 jour pour répondre.');
    expect(countdownText('2026-11-27T18:00:00.000Z', now)).toBe('C’est votre dernier jour pour répondre.');
    expect(countdownText('2026-11-27T13:59:00.000Z', now)).toBe('Le délai de réponse est dépassé.');
  });
});
