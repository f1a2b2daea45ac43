import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertsModule } from '../alerts/alerts.module.js';
import { VisitsModule } from '../visits/visits.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { PrintingModule } from '../printing/printing.module.js';
import { RecordsModule } from '../records/records.module.js';
import { TimelineModule } from '../timeline/timeline.module.js';
import { UsersModule } from '../users/users.module.js';
import { VaultModule } from '../vault/vault.module.js';
import { DataSubjectController } from './data-subject.controller.js';
import { RgpdRequestsController } from './rgpd-requests.controller.js';
import { DataSubjectService } from './data-subject.service.js';
import { Erasure } from './entities/erasure.entity.js';
import { RetentionWarning } from './entities/retention-warning.entity.js';
import { ErasureService } from './erasure.service.js';
import { RetentionService } from './retention.service.js';
import { FollowUpModule } from '../follow-up/follow-up.module.js';
import { HistoryModule } from '../history/history.module.js';

/** Personal data kept no longer than needed, given back and erased on request (docs/data-protection.md). */
@Module({
  imports: [TypeOrmModule.forFeature([Erasure, RetentionWarning]), AlertsModule, AuditModule, AuthModule, FollowUpModule, HistoryModule, PrintingModule, RecordsModule, TimelineModule, UsersModule, VaultModule, VisitsModule],
  controllers: [DataSubjectController, RgpdRequestsController],
  providers: [ErasureService, DataSubjectService, RetentionService],
  exports: [ErasureService],
})
export class DataProtectionModule {}
