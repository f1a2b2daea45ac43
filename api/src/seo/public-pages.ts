import { Injectable } from '@nestjs/common';
import type { Good } from '../goods/entities/good.entity.js';
import { ResidencesService } from '../residences/residences.service.js';

/** The public pages a search engine should know, besides residences and goods. */
export const STATIC_PUBLIC_PAGES = [
  '/',
  '/residences',
  '/tester-mon-eligibilite',
  '/nous-contacter',
  '/mentions-legales',
  '/reglement-general-sur-la-protection-des-donnees-personnelles',
];

export interface PublicPage {
  path: string;
  updatedAt: Date | null;
}

export function goodPath(residenceSlug: string, good: Pick<Good, 'slug' | 'id'>): string {
  return `/residences/${residenceSlug}/${good.slug}/${good.id}`;
}

/** Every public page: the fixed ones, each published residence and each enabled good of one. */
@Injectable()
export class PublicPages {
  constructor(private readonly residences: ResidencesService) {}

  async list(): Promise<PublicPage[]> {
    const residences = await this.residences.publishedWithGoods();
    return [
      ...STATIC_PUBLIC_PAGES.map((path) => ({ path, updatedAt: null })),
      ...residences.flatMap((residence) => [
        { path: `/residences/${residence.slug}`, updatedAt: residence.updatedAt },
        ...residence.goods
          .filter((good) => good.enabled)
          .map((good) => ({ path: goodPath(residence.slug, good), updatedAt: good.updatedAt > residence.updatedAt ? good.updatedAt : residence.updatedAt })),
      ]),
    ];
  }
}
