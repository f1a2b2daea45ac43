import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { EQUIPMENT_EVENTS } from '../equipments/equipments.events.js';
import { GOOD_EVENTS } from '../goods/goods.events.js';
import { IMAGE_EVENTS } from '../images/images.events.js';
import { RESIDENCE_EVENTS } from '../residences/residences.events.js';
import { PublicReadCache } from './public-read-cache.js';

/**
 * Whatever the public reads show (residences, goods with their availability, pictures, equipments' names) changed: they
 * are all forgotten, here and in every other process, before the change's call answers (the events are awaited), so
 * that a residence published is on the site at once. Changes are rare beside reads: forgetting all is simple and sure.
 */
@Injectable()
export class PublicReadsListener {
  constructor(private readonly cache: PublicReadCache) {}

  @OnEvent(RESIDENCE_EVENTS.changed)
  @OnEvent(GOOD_EVENTS.changed)
  @OnEvent(IMAGE_EVENTS.changed)
  @OnEvent(EQUIPMENT_EVENTS.changed)
  async changed(): Promise<void> {
    await this.cache.changed();
  }
}
