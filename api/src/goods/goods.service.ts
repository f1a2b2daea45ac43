import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { climateClass, energyClass, finalEnergyClass, type GoodSummary, type GoodView } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import { toEquipmentView } from '../equipments/equipment-view.js';
import { toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import { Good } from './entities/good.entity.js';

export function toGoodSummary(good: Good): GoodSummary {
  return {
    id: good.id,
    slug: good.slug,
    reference: good.reference,
    flat_size: good.flatSize,
    surface: good.surface,
    rent_price_cents: good.rentPriceCents,
    available_from: good.availableFrom,
    energy_class: good.dpeKwh === null || good.dpeKgco2 === null ? null : finalEnergyClass(good.dpeKwh, good.dpeKgco2),
    photos: (good.images ?? []).filter((image) => image.kind === 'photo').map(toImageView),
  };
}

/** Only an enabled good of a published residence is shown to visitors. */
export function isPublic(good: Good): boolean {
  return good.enabled && good.residence.status === 'published';
}

@Injectable()
export class GoodsService {
  constructor(@InjectRepository(Good) private readonly goods: Repository<Good>) {}

  async find(id: number): Promise<Good | null> {
    return this.goods.findOne({
      where: { id },
      relations: { residence: { city: true }, facilities: true, images: true },
      order: { images: { position: 'ASC' } },
    });
  }

  toView(good: Good): GoodView {
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
}
