/** What the information page tells of the household's eligibility and rents, in plain French, from the record. */
import { formatCents, formatEuros, isHeavyRent, zoneLabel, type MyRecord, type WishedGoodView } from '@hsa-lli/common/domain';


/** One sentence per zone of what the household looks for. */
export function eligibilitySentences(eligibility: NonNullable<MyRecord['eligibility']>): { text: string; eligible: boolean }[] {
  return eligibility.by_zone.map(({ zone, ceiling, eligible }) => ({
    eligible,
    text: eligible
      ? `Vos revenus (${formatEuros(eligibility.income)}) sont sous le plafond du logement intermédiaire en zone ${zoneLabel(zone)} (${formatEuros(ceiling)}) : vous êtes éligible.`
      : `Vos revenus (${formatEuros(eligibility.income)}) dépassent le plafond du logement intermédiaire en zone ${zoneLabel(zone)} (${formatEuros(ceiling)}) : vous n’êtes pas éligible aux logements de cette zone.`,
  }));
}

/** What the household has yet to give for its eligibility to be worked out. */
export function missingForEligibility(record: Pick<MyRecord, 'situation' | 'person_1' | 'person_2' | 'wishes'>): string[] {
  const missing: string[] = [];
  const couple = record.situation === 'couple';
  if (record.person_1.tax_income === null) missing.push(couple ? 'le revenu fiscal de référence du premier demandeur' : 'votre revenu fiscal de référence');
  if (couple && record.person_2?.tax_income == null) missing.push('le revenu fiscal de référence du second demandeur');
  if (record.wishes.residences.length === 0 && record.wishes.goods.length === 0) missing.push('au moins une résidence ou un logement qui vous intéresse');
  return missing;
}

/** « a, b et c ». */
export function listInFrench(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

/** What a chosen good's rent would weigh in the household's incomes; `heavy` above the usual limit. */
export function rentSentence(good: WishedGoodView): { text: string; heavy: boolean } {
  const rent = formatCents(good.rent_cents);
  if (good.rent_ratio === null) {
    return { text: `${good.label} : indiquez vos revenus pour savoir quelle part le loyer (${rent} par mois) en représenterait.`, heavy: false };
  }
  const percent = Math.round(good.rent_ratio * 100);
  const heavy = isHeavyRent(good.rent_ratio);
  return {
    heavy,
    text: `${good.label} : le loyer de ce logement (${rent} par mois) représenterait ${percent}\u00a0% de vos revenus${
      heavy ? ', plus d’un tiers : les bailleurs jugent généralement un tel loyer trop lourd pour vos revenus.' : '.'
    }`,
  };
}
