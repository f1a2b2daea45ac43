/** How a good reads in the API's answers: to visitors, in the back office's list and on its page. */
import { goodRentCeiling, type GoodAdminView, type GoodRequest, type GoodRow } from '@hsa-lli/common/back-office';
import { climateClass, energyClass, finalEnergyClass, type GoodSummary, type GoodView } from '@hsa-lli/common/domain';
import { toEquipmentView } from '../equipments/equipment-view.js';
import { toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import type { Good } from './entities/good.entity.js';

const euros = (cents: number) => cents / 100;
const finalClassOf = (good: Good) => (good.dpeKwh === null || good.dpeKgco2 === null ? null : finalEnergyClass(good.dpeKwh, good.dpeKgco2));

export function toGoodSummary(good: Good): GoodSummary {
  return {
    id: good.id,
    slug: good.slug,
    reference: good.reference,
    flat_size: good.flatSize,
    surface: good.surface,
    rent_price_cents: good.rentPriceCents,
    available_from: good.availableFrom,
    occupied: good.occupied,
    energy_class: finalClassOf(good),
    photos: (good.images ?? []).filter((image) => image.kind === 'photo').map(toImageView),
  };
}

/** Only an enabled good of a published residence is shown to visitors. */
export function isPublic(good: Good): boolean {
  return good.enabled && good.residence.status === 'published';
}

/** The form's fields of a good (its residence and facilities loaded), as get-one answers them and the history compares them. */
export function formOf(good: Good): GoodRequest {
  return {
    enabled: good.enabled,
    residence: good.residence.id,
    reference: good.reference,
    flat_size: good.flatSize,
    surface: good.surface,
    rent_price: euros(good.rentPriceCents),
    monthly_costs: euros(good.monthlyCostsCents),
    available_from: good.availableFrom,
    description: good.description,
    facilities: good.facilities.map((equipment) => equipment.id).sort((a, b) => a - b),
    dpe_kwh: good.dpeKwh,
    dpe_kgco2: good.dpeKgco2,
  };
}

/** A good as a row of the back office's list: its residence's id and name read with it, the name of its commune given. */
export function toGoodRow(good: Good, commune: string): GoodRow {
  return {
    id: good.id,
    reference: good.reference,
    residence: { id: good.residence.id, name: good.residence.name, city: commune },
    flat_size: good.flatSize,
    surface: good.surface,
    rent_price: euros(good.rentPriceCents),
    monthly_costs: euros(good.monthlyCostsCents),
    energy_class: finalClassOf(good),
    enabled: good.enabled,
    available_from: good.availableFrom,
    occupied: good.occupied,
    version: good.version,
  };
}

/** A good as its back-office page shows it (its residence, facilities and pictures loaded). */
export function toGoodAdminView(good: Good): GoodAdminView {
  const hasDpe = good.dpeKwh !== null && good.dpeKgco2 !== null;
  const { residence } = good;
  return {
    id: good.id,
    version: good.version,
    slug: good.slug,
    ...formOf(good),
    photos: good.images.filter((image) => image.kind === 'photo').map(toImageView),
    plan: good.images.filter((image) => image.kind === 'plan').map(toImageView),
    kwh_class: hasDpe ? energyClass(good.dpeKwh!) : null,
    kgco2_class: hasDpe ? climateClass(good.dpeKgco2!) : null,
    energy_class: finalClassOf(good),
    rent_ceiling: goodRentCeiling(residence.area, good.surface),
    occupied: good.occupied,
    _residence: { id: residence.id, slug: residence.slug, name: residence.name, status: residence.status, city: toCityView(residence.city), area: residence.area },
  };
}

/** A good as visitors see it (and the executive note). */
export function toGoodView(good: Good): GoodView {
  const hasDpe = good.dpeKwh !== null && good.dpeKgco2 !== null;
  return {
    ...toGoodSummary(good),
    enabled: good.enabled,
    monthly_costs_cents: good.monthlyCostsCents,
    description: good.description,
    facilities: good.facilities.map(toEquipmentView),
    dpe_kwh: good.dpeKwh,
    dpe_kgco2: good.dpeKgco2,
    kwh_class: hasDpe ? energyClass(good.dpeKwh!) : null,
    kgco2_class: hasDpe ? climateClass(good.dpeKgco2!) : null,
    plan: good.images.filter((image) => image.kind === 'plan').map(toImageView),
    _residence: {
      id: good.residence.id,
      slug: good.residence.slug,
      name: good.residence.name,
      city: toCityView(good.residence.city),
      neighborhood: good.residence.neighborhood,
      address_line_1: good.residence.addressLine1,
    },
  };
}
