import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from './entities/audit-entry.entity.js';
import { RecordViewAllowance } from './entities/record-view-allowance.entity.js';
import { AuditService } from './audit.service.js';
import { ConsultationInterceptor } from './consultations.js';
import { RecordViewsController } from './record-views.controller.js';

@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry, RecordViewAllowance])],
  controllers: [RecordViewsController],
  providers: [AuditService, { provide: APP_INTERCEPTOR, useClass: ConsultationInterceptor }],
  exports: [AuditService],
})
export class AuditModule {}
