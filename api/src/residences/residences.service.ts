import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ResidenceSummary } from '@hsa-lli/common/domain';
import { toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import { Residence } from './entities/residence.entity.js';

@Injectable()
export class ResidencesService {
  constructor(@InjectRepository(Residence) private readonly residences: Repository<Residence>) {}

  /** Published residences, for the public site. */
  async listPublished(): Promise<ResidenceSummary[]> {
    const residences = await this.residences.find({
      where: { status: 'published' },
      relations: { photos: true, goods: true },
      order: { name: 'ASC', photos: { position: 'ASC' } },
    });
    return residences.map((residence) => {
      // Garages are let with a flat, not on their own: they are not counted as homes.
      const goods = residence.goods.filter((good) => good.enabled && good.flatSize !== 'garage');
      return {
        id: residence.id,
        slug: residence.slug,
        name: residence.name,
        city: toCityView(residence.city),
        area: residence.area,
        neighborhood: residence.neighborhood,
        photos: residence.photos.map(toImageView),
        goods_count: goods.length,
        min_rent_price_cents: goods.length ? Math.min(...goods.map((good) => good.rentPriceCents)) : null,
      };
    });
  }
}
