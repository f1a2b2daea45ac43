import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImageView } from '@hsa-lli/common/domain';
import { join } from 'node:path';
import type { Repository } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Image } from './entities/image.entity.js';

export function toImageView(image: Image): ImageView {
  return {
    id: image.id,
    kind: image.kind,
    url: `/api/images/${image.id}`,
    width: image.width,
    height: image.height,
    alt: image.alt,
  };
}

/** Public pictures of residences and goods, kept apart from private documents. */
export function imagesDir(dataDir: string): string {
  return join(dataDir, 'public', 'images');
}

@Injectable()
export class ImagesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Image) private readonly images: Repository<Image>,
  ) {}

  async findFile(id: number): Promise<{ path: string; contentType: string } | null> {
    const image = await this.images.findOneBy({ id });
    if (!image) return null;
    return { path: join(imagesDir(this.config.dataDir), image.fileName), contentType: image.contentType };
  }
}
