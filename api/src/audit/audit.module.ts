import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from './entities/audit-entry.entity.js';
import { RecordViewAllowance } from './entities/record-view-allowance.entity.js';
import { AuditService } from './audit.service.js';

@Module({ imports: [TypeOrmModule.forFeature([AuditEntry, RecordViewAllowance])], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
