import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { DOCUMENT_EVENTS, type DocumentsChanged } from '../documents/documents.events.js';
import { FOLLOW_UP_EVENTS, type FollowUpChanged } from '../follow-up/follow-up.events.js';
import { GOOD_EVENTS, type GoodChanged, type GoodRemoving } from '../goods/goods.events.js';
import { RESIDENCE_EVENTS, type ResidenceChanged, type ResidenceRemoving } from '../residences/residences.events.js';
import { RecordsListColumnsService } from './records-list-columns.service.js';
import { RecordsService } from './records.service.js';

/**
 * What the files hear of the other domains' changes: the staff's list's stored columns worked out again for the files
 * a change concerns (RecordsListColumnsService), and the files that still name a residence or a good about to be
 * removed. The changed events are emitted once their change is committed and awaited by their emitter, so that the
 * list is up to date when the API answers; a failure never fails the change (`afterChange` leaves the files stale).
 */
@Injectable()
export class RecordsListListener {
  constructor(
    private readonly columns: RecordsListColumnsService,
    private readonly records: RecordsService,
  ) {}

  @OnEvent(GOOD_EVENTS.changed)
  async goodChanged(event: GoodChanged): Promise<void> {
    if (event.change === 'removed') await this.columns.refreshStale();
    else if (event.wishChanged) await this.columns.afterChange(await this.columns.filesWishing({ good: event.goodId }));
  }

  @OnEvent(RESIDENCE_EVENTS.changed)
  async residenceChanged(event: ResidenceChanged): Promise<void> {
    if (event.change === 'removed') await this.columns.refreshStale();
    else if (event.zoneChanged) await this.columns.afterChange(await this.columns.filesWishing({ residence: event.residenceId }));
  }

  /** The files naming the good (the removal is refused then); otherwise those wishing it are marked stale, in the removal's transaction. */
  @OnEvent(GOOD_EVENTS.removing, { suppressErrors: false })
  async goodRemoving(event: GoodRemoving): Promise<number> {
    const files = await this.records.countReferring({ good: event.goodId });
    if (files === 0) await this.columns.markWishingStale(event.manager, { good: event.goodId });
    return files;
  }

  @OnEvent(RESIDENCE_EVENTS.removing, { suppressErrors: false })
  async residenceRemoving(event: ResidenceRemoving): Promise<number> {
    const files = await this.records.countReferring({ residence: event.residenceId });
    if (files === 0) await this.columns.markWishingStale(event.manager, { residence: event.residenceId });
    return files;
  }

  @OnEvent(FOLLOW_UP_EVENTS.changed)
  async followUpChanged(event: FollowUpChanged): Promise<void> {
    await this.columns.afterChange([event.recordId]);
  }

  @OnEvent(DOCUMENT_EVENTS.changed)
  async documentsChanged(event: DocumentsChanged): Promise<void> {
    await this.columns.afterChange([event.recordId]);
  }
}
