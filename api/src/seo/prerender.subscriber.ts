import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, InsertEvent, RemoveEvent, UpdateEvent } from 'typeorm';
import { Equipment } from '../equipments/entities/equipment.entity.js';
import { Good } from '../goods/entities/good.entity.js';
import { Image } from '../images/entities/image.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import { PrerenderService } from './prerender.service.js';

const WATCHED = [Residence, Good, Image, Equipment] as const;

type Event = InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>;

/**
 * Any change to a residence, a good, a picture or an equipment (named on their pages) renders the public pages
 * again; a change to a residence or a good also stops serving its residence's prerendered pages at once, so that a
 * page taken off the site is never served from an older rendering.
 */
@Injectable()
export class PrerenderSubscriber implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger(PrerenderSubscriber.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prerender: PrerenderService,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  afterInsert(event: InsertEvent<unknown>): Promise<void> {
    return this.changed(event);
  }

  afterUpdate(event: UpdateEvent<unknown>): Promise<void> {
    return this.changed(event);
  }

  afterRemove(event: RemoveEvent<unknown>): Promise<void> {
    return this.changed(event);
  }

  private async changed(event: Event): Promise<void> {
    const target = event.metadata.target;
    if (!(WATCHED as readonly unknown[]).includes(target)) return;
    const before = 'databaseEntity' in event ? event.databaseEntity : undefined;
    const slug = await this.residenceSlug(event.manager, target, { ...(before ?? {}), ...(event.entity ?? {}) } as Record<string, unknown>);
    if (slug) await this.prerender.forgetResidence(slug).catch((error: unknown) => this.logger.error(`Could not remove prerendered pages: ${String(error)}`));
    void this.prerender.request();
  }

  /** The residence whose pages show a changed residence or good, as the row stood before or after the change. */
  private async residenceSlug(manager: EntityManager, target: unknown, row: Record<string, unknown>): Promise<string | null> {
    if (target === Residence) {
      if (typeof row.slug === 'string') return row.slug;
      const id = row.id as number | undefined;
      return id ? ((await manager.findOne(Residence, { select: { slug: true }, where: { id } }))?.slug ?? null) : null;
    }
    if (target === Good) {
      const residence = row.residence as { id?: number; slug?: string } | undefined;
      if (typeof residence?.slug === 'string') return residence.slug;
      const id = row.id as number | undefined;
      const good = id ? await manager.findOne(Good, { where: { id }, relations: { residence: true } }) : null;
      return good?.residence.slug ?? null;
    }
    return null;
  }
}
