import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import { Equipment } from '../equipments/entities/equipment.entity.js';
import { Good } from '../goods/entities/good.entity.js';
import { Image } from '../images/entities/image.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import { PrerenderService } from './prerender.service.js';

const WATCHED = [Residence, Good, Image, Equipment] as const;

/** Any change to a residence, a good, a picture or an equipment (named on their pages) renders the public pages again. */
@Injectable()
export class PrerenderSubscriber implements EntitySubscriberInterface, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prerender: PrerenderService,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  private changed(event: { metadata: { target: unknown } }): void {
    if ((WATCHED as readonly unknown[]).includes(event.metadata.target)) void this.prerender.request();
  }

  afterInsert(event: { metadata: { target: unknown } }): void {
    this.changed(event);
  }

  afterUpdate(event: { metadata: { target: unknown } }): void {
    this.changed(event);
  }

  afterRemove(event: { metadata: { target: unknown } }): void {
    this.changed(event);
  }
}
