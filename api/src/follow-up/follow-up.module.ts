import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { UsersModule } from '../users/users.module.js';
import { FollowUpController } from './follow-up.controller.js';
import { FollowUpService } from './follow-up.service.js';
import { GoodOccupancyService } from './good-occupancy.service.js';

/** A file's follow-up by staff: its stage, events, notes and follower. */
@Module({
  imports: [AuditModule, GoodsModule, RecordsModule, UsersModule],
  controllers: [FollowUpController],
  providers: [FollowUpService, GoodOccupancyService],
  exports: [FollowUpService, GoodOccupancyService],
})
export class FollowUpModule {}
