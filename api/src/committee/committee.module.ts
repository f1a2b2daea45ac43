import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { FollowUpModule } from '../follow-up/follow-up.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { UsersModule } from '../users/users.module.js';
import { CommitteeDecisionsService } from './committee-decisions.service.js';
import { CommitteeSessionsService } from './committee-sessions.service.js';
import { CommitteeController } from './committee.controller.js';
import { CommitteeListener } from './committee.listener.js';
import { OffersController } from './offers.controller.js';
import { OffersService } from './offers.service.js';
import { SessionViews } from './session-views.js';

/** The allocation committee: sessions, candidates, recommendations, decisions and offers (docs/committee.md). */
@Module({
  imports: [AuditModule, FollowUpModule, GoodsModule, RecordsModule, UsersModule],
  controllers: [CommitteeController, OffersController],
  providers: [CommitteeSessionsService, CommitteeDecisionsService, OffersService, SessionViews, CommitteeListener],
  exports: [SessionViews, OffersService],
})
export class CommitteeModule {}
