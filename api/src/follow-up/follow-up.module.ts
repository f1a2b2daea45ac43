import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { RecordsModule } from '../records/records.module.js';
import { FollowUpController } from './follow-up.controller.js';
import { FollowUpService } from './follow-up.service.js';

/** A file's follow-up by staff: its stage, events, notes and follower. */
@Module({
  imports: [AuditModule, RecordsModule],
  controllers: [FollowUpController],
  providers: [FollowUpService],
  exports: [FollowUpService],
})
export class FollowUpModule {}
