import { describe, expect, it } from 'vitest';
import { formatMonth } from '../format.js';
import { validate } from '../validation.js';
import { monthsBetween, previousPeriod, resolvePeriod, statsQuerySchema } from './stats.js';

describe('the statistics periods', () => {
  it('rounds a period out to whole months, the last twelve up to the current one by default (France’s calendar)', () => {
    // 23:30 on 31 December in UTC is already January in France.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(resolvePeriod({}, now)).toEqual({ from: '2026-02-01', to: '2027-01-31' });
    expect(resolvePeriod({ from: '2025-02-14', to: '2025-02-14' }, now)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(resolvePeriod({ from: '2024-02-03' , to: '2024-02-29' }, now)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(resolvePeriod({ to: '2025-06-10' }, now)).toEqual({ from: '2024-07-01', to: '2025-06-30' });
  });

  it('compares a period with as many months just before it', () => {
    expect(previousPeriod({ from: '2025-01-01', to: '2025-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(previousPeriod({ from: '2026-02-01', to: '2026-04-30' })).toEqual({ from: '2025-11-01', to: '2026-01-31' });
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('refuses days that are not days, and a start after the end, in French', () => {
    const check = (query: object) => validate(statsQuerySchema, query);
    expect(check({ from: '2025-01-01', to: '2025-12-31', by: 'month' }).success).toBe(true);
    const wrong = 'Indiquez une date au format AAAA-MM-JJ.';
    for (const from of ['2025-02-29', '2025-13-01', '2025-00-10', '1999-12-31', '25-01-01', '2025-1-1']) {
      expect(check({ from }), from).toEqual({ success: false, fields: { from: wrong } });
    }
    expect(check({ from: '2025-05-01', to: '2025-04-30' })).toEqual({ success: false, fields: { from: 'La date de début doit précéder la date de fin.' } });
    expect(check({ from: '2000-01-01', to: '2100-12-31' })).toEqual({ success: false, fields: { from: 'La période ne peut pas dépasser 50 ans.' } });
  });

  it('names a month as French does', () => {
    expect(formatMonth('2026-02')).toBe('février 2026');
    expect(formatMonth('2026-07', { short: true })).toBe('juil. 26');
  });
});
