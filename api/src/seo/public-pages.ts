import { Injectable } from '@nestjs/common';
import { goodPath, sitemapPages } from '@hsa-lli/common/domain';
import { ResidencesService } from '../residences/residences.service.js';

export interface PublicPage {
  path: string;
  updatedAt: Date | null;
}

/** Every public page: the fixed ones of the page catalogue, each published residence and each enabled good of one. */
@Injectable()
export class PublicPages {
  constructor(private readonly residences: ResidencesService) {}

  async list(): Promise<PublicPage[]> {
    const residences = await this.residences.publishedWithGoods();
    return [
      ...sitemapPages().map((path) => ({ path, updatedAt: null })),
      ...residences.flatMap((residence) => [
        { path: `/residences/${residence.slug}`, updatedAt: residence.updatedAt },
        ...residence.goods
          .filter((good) => good.enabled)
          .map((good) => ({ path: goodPath(residence.slug, good), updatedAt: good.updatedAt > residence.updatedAt ? good.updatedAt : residence.updatedAt })),
      ]),
    ];
  }
}
