import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { goodOccupancy, OCCUPANCY_EVENTS, type GoodOccupancy, type OccupancyEvent } from '@hsa-lli/common/domain';
import { In, type DataSource } from 'typeorm';
import { GoodsService } from '../goods/goods.service.js';
import { RecordEvent } from './entities/record-event.entity.js';
import { FOLLOW_UP_EVENTS, FollowUpChanged } from './follow-up.events.js';

/**
 * A good's occupancy follows the facts the follow-up records (docs/follow-up.md, « A good's availability »): a lease
 * signed, a move-in or an accepted offer naming it lets it, a leaving frees it from its day. The follow-up owns the events; the goods own
 * their availability, which this service sets through GoodsService once a file's events changed (the catalogue never
 * reads the files).
 */
@Injectable()
export class GoodOccupancyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly goods: GoodsService,
  ) {}

  /** What the events naming a good say of it (`goodOccupancy` in common/src/domain/availability.ts); null when none does. */
  async goodOccupancy(goodId: number): Promise<GoodOccupancy | null> {
    const events = await this.dataSource.manager.find(RecordEvent, {
      select: { id: true, type: true, at: true, outcome: true, record: { id: true } },
      where: { good: { id: goodId }, type: In([...OCCUPANCY_EVENTS]) },
      relations: { record: true },
      order: { at: 'ASC', id: 'ASC' },
    });
    return goodOccupancy(events.map(occupancyEvent));
  }

  /** A file's events changed: the goods its occupancy events name, and those of the events removed, follow them. */
  @OnEvent(FOLLOW_UP_EVENTS.changed)
  async followUpChanged(event: FollowUpChanged): Promise<void> {
    const named = await this.dataSource.manager.find(RecordEvent, {
      where: { record: { id: event.recordId }, type: In([...OCCUPANCY_EVENTS]) },
      relations: { good: true },
    });
    const goods = new Set([...named.flatMap((each) => (each.good ? [each.good.id] : [])), ...event.removedGoodIds]);
    for (const id of goods) await this.goods.setOccupancy(id, await this.goodOccupancy(id));
  }
}

/** What the occupancy rule reads of an event naming a good (its file's relation loaded). */
export function occupancyEvent(event: RecordEvent): OccupancyEvent {
  return { type: event.type, at: event.at, outcome: event.outcome, record: event.record.id };
}
