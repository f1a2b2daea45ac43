import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { ResidencesModule } from '../residences/residences.module.js';
import { VaultModule } from '../vault/vault.module.js';
import { Record } from './entities/record.entity.js';
import { RecordsAdminController } from './records-admin.controller.js';
import { RecordsExportService } from './records-export.service.js';
import { RecordsListColumnsService } from './records-list-columns.service.js';
import { RecordsListListener } from './records-list.listener.js';
import { RecordsListService } from './records-list.service.js';
import { RecordsController } from './records.controller.js';
import { RecordsService } from './records.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Record]), AuditModule, GoodsModule, ResidencesModule, VaultModule],
  controllers: [RecordsController, RecordsAdminController],
  providers: [RecordsService, RecordsListService, RecordsListColumnsService, RecordsListListener, RecordsExportService],
  exports: [RecordsService, RecordsListColumnsService],
})
export class RecordsModule {}
