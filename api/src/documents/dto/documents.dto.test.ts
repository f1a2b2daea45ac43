import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { reviewSchema } from './documents.dto.js';

const REASON_MISSING = 'Indiquez la raison du refus : elle sera transmise au demandeur.';
const review = (reason: unknown, status = 'declined') => z.safeParse(reviewSchema, { record_id: 1, reviews: [{ id: 2, status, reason }] });
const messages = (reason: unknown) => review(reason).error?.issues.map((issue) => issue.message);

describe('the reason of a refused document', () => {
  it('is kept as staff typed it, without direction or zero-width characters, on several lines', () => {
    expect(review(' \u200FScan illisible\u200B.\nEnvoyez-le en couleur. ').data?.reviews[0]?.reason).toBe('Scan illisible.\nEnvoyez-le en couleur.');
  });

  it('must say something: absent, empty, blank or only punctuation, invisible marks and emoji, it is missing', () => {
    for (const reason of [undefined, null, '', '   ', '\u200B\u202E', '… !', '🙂']) expect(messages(reason)).toEqual([REASON_MISSING]);
  });

  it('refuses a control character in French, and a text over 500 characters', () => {
    expect(messages('Scan\u0007 illisible')).toEqual(['Ce texte contient un caractère de contrôle invisible : retapez le passage copié-collé.']);
    expect(messages('a'.repeat(501))).toEqual(['La raison ne peut pas dépasser 500 caractères.']);
  });

  it('is not asked of a validation', () => {
    expect(review(undefined, 'validated').success).toBe(true);
    expect(review(null, 'validated').success).toBe(true);
  });
});
