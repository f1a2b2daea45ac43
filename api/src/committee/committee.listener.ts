import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GOOD_EVENTS, type GoodRemoving } from '../goods/goods.events.js';
import { CommitteeCandidate } from './entities/committee-candidate.entity.js';

/** What the committee answers of the other domains' changes. */
@Injectable()
export class CommitteeListener {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A good a session examined stays (its minutes name it): the files presented for it are counted against its removal. */
  @OnEvent(GOOD_EVENTS.removing, { suppressErrors: false })
  async goodRemoving(event: GoodRemoving): Promise<number> {
    return event.manager.count(CommitteeCandidate, { where: { item: { good: { id: event.goodId } } } });
  }
}
