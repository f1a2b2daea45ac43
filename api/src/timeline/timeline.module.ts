import { Module } from '@nestjs/common';
import { CommitteeModule } from '../committee/committee.module.js';
import { FollowUpModule } from '../follow-up/follow-up.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { TimelineController } from './timeline.controller.js';
import { TimelineService } from './timeline.service.js';

/** The applicant's timeline of their file, gathered from the follow-up, the documents, the committee and the offers. */
@Module({
  imports: [CommitteeModule, FollowUpModule, GoodsModule, RecordsModule],
  controllers: [TimelineController],
  providers: [TimelineService],
  exports: [TimelineService],
})
export class TimelineModule {}
