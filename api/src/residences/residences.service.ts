import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { toImageView, type ImageView } from '../images/images.service.js';
import { toCityView, type CityView } from '../reference/commune-view.js';
import { Residence } from './entities/residence.entity.js';

export interface ResidenceSummary {
  id: number;
  slug: string;
  name: string;
  city: CityView;
  area: Residence['area'];
  neighborhood: string | null;
  photos: ImageView[];
  /** Enabled goods of the residence. */
  goods_count: number;
  /** Lowest monthly rent, charges included, in cents; null without an enabled good. */
  min_rent_price_cents: number | null;
}

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
      const goods = residence.goods.filter((good) => good.enabled);
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
