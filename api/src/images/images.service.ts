import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ImageView, ImageWidth } from '@hsa-lli/common/domain';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Repository } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Image } from './entities/image.entity.js';

/** Whether visitors may see a picture: one of a published residence, or of an enabled good in one. */
export function isPublicImage(image: Image): boolean {
  if (image.residence) return image.residence.status === 'published';
  return image.good !== null && image.good.enabled && image.good.residence.status === 'published';
}

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

/**
 * Renders each uploaded original (photo, plan, drawing) at the widths of the site, in WebP, once:
 * the renderings are kept next to the originals and served from there afterwards.
 */
@Injectable()
export class ImagesService {
  private readonly rendering = new Map<string, Promise<string>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Image) private readonly images: Repository<Image>,
  ) {}

  /** A picture with what it shows (its residence, or its good and the good's residence). */
  find(id: number): Promise<Image | null> {
    return this.images.findOne({ where: { id }, relations: { residence: true, good: { residence: true } } });
  }

  async rendition(image: Image, width: ImageWidth): Promise<string> {
    const folder = join(imagesDir(this.config.dataDir), 'renditions');
    const target = join(folder, `${image.id}-${width}.webp`);
    if (existsSync(target)) return target;
    let pending = this.rendering.get(target);
    if (!pending) {
      pending = this.render(join(imagesDir(this.config.dataDir), image.fileName), image.width, width, folder, target);
      this.rendering.set(target, pending);
      void pending.finally(() => this.rendering.delete(target)).catch(() => undefined);
    }
    return pending;
  }

  private async render(source: string, originalWidth: number, width: number, folder: string, target: string): Promise<string> {
    await mkdir(folder, { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    // A vector original is drawn at the size asked rather than enlarged from its nominal size.
    const density = source.endsWith('.svg') ? Math.max(72, Math.ceil((72 * width) / originalWidth)) : undefined;
    await sharp(source, { density }).resize({ width }).webp({ quality: 78 }).toFile(partial);
    await rename(partial, target);
    return target;
  }
}
