import { describe, expect, it } from 'vitest';
import type { MyRecord, PersonFields } from '@hsa-lli/common/domain';
import { eligibilitySentences, listInFrench, missingForEligibility, rentSentence } from './eligibility.js';

const person = (taxIncome: number | null) => ({ tax_income: taxIncome }) as PersonFields;
const wishes = (residences: number[]) => ({ residences, goods: [], flat_sizes: [], max_rent: null });

describe('eligibility and rents in plain French', () => {
  it('says, zone by zone, whether the household’s incomes are under the ceiling', () => {
    expect(
      eligibilitySentences({
        year: 2026,
        income: 41250,
        by_zone: [
          { zone: 'A', ceiling: 54136, eligible: true },
          { zone: 'Abis', ceiling: 40000, eligible: false },
        ],
      }),
    ).toEqual([
      { eligible: true, text: 'Vos revenus (41\u00a0250\u00a0€) sont sous le plafond du logement intermédiaire en zone A (54\u00a0136\u00a0€) : vous êtes éligible.' },
      {
        eligible: false,
        text: 'Vos revenus (41\u00a0250\u00a0€) dépassent le plafond du logement intermédiaire en zone A bis (40\u00a0000\u00a0€) : vous n’êtes pas éligible aux logements de cette zone.',
      },
    ]);
  });

  it('lists what is missing to work it out', () => {
    const record = { situation: 'couple', person_1: person(null), person_2: person(null), wishes: wishes([]) } as Pick<MyRecord, 'situation' | 'person_1' | 'person_2' | 'wishes'>;
    expect(listInFrench(missingForEligibility(record))).toBe(
      'le revenu fiscal de référence du premier demandeur, le revenu fiscal de référence du second demandeur et au moins une résidence ou un logement qui vous intéresse',
    );
    expect(missingForEligibility({ situation: 'alone', person_1: person(0), person_2: null, wishes: wishes([3]) })).toEqual([]);
    expect(missingForEligibility({ situation: 'alone', person_1: person(null), person_2: null, wishes: wishes([3]) })).toEqual(['votre revenu fiscal de référence']);
  });

  it('gives the share of the incomes a rent would take, and warns above a third', () => {
    expect(rentSentence({ id: 1, label: 'T2 — Arrosa', rent_cents: 75000, rent_ratio: 0.2812 })).toEqual({
      heavy: false,
      text: 'T2 — Arrosa : le loyer de ce logement (750,00\u00a0€ par mois) représenterait 28\u00a0% de vos revenus.',
    });
    expect(rentSentence({ id: 2, label: 'T4 — Itsasoa', rent_cents: 140000, rent_ratio: 0.4 }).heavy).toBe(true);
    expect(rentSentence({ id: 3, label: 'T3 — Lur', rent_cents: 90000, rent_ratio: null }).text).toBe(
      'T3 — Lur : indiquez vos revenus pour savoir quelle part le loyer (900,00\u00a0€ par mois) en représenterait.',
    );
  });
});
