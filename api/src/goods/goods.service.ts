import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { finalEnergyClass, type GoodView } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import { toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import { Good } from './entities/good.entity.js';

@Injectable()
export class GoodsService {
  constructor(@InjectRepository(Good) private readonly goods: Repository<Good>) {}

  async findOne(id: number): Promise<GoodView | null> {
    const good = await this.goods.findOne({
      where: { id },
      relations: { residence: { city: true }, facilities: true, images: true },
      order: { images: { position: 'ASC' } },
    });
    if (!good) return null;
    const images = good.images.map((image) => ({ image, view: toImageView(image) }));
    return {
      id: good.id,
      enabled: good.enabled,
      reference: good.reference,
      slug: good.slug,
      flat_size: good.flatSize,
      surface: good.surface,
      rent_price_cents: good.rentPriceCents,
      monthly_costs_cents: good.monthlyCostsCents,
      description: good.description,
      facilities: good.facilities.map(({ id: equipmentId, name }) => ({ id: equipmentId, name })),
      dpe_kwh: good.dpeKwh,
      dpe_kgco2: good.dpeKgco2,
      energy_class:
        good.dpeKwh === null || good.dpeKgco2 === null ? null : finalEnergyClass(good.dpeKwh, good.dpeKgco2),
      available_from: good.availableFrom,
      photos: images.filter(({ image }) => image.kind === 'photo').map(({ view }) => view),
      plan: images.filter(({ image }) => image.kind === 'plan').map(({ view }) => view),
      _residence: {
        id: good.residence.id,
        slug: good.residence.slug,
        name: good.residence.name,
        city: toCityView(good.residence.city),
        address_line_1: good.residence.addressLine1,
      },
    };
  }
}
