import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from './entities/audit-entry.entity.js';
import { AuditService } from './audit.service.js';

@Module({ imports: [TypeOrmModule.forFeature([AuditEntry])], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
