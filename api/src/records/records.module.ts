import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { incomingDir } from '../documents/documents.service.js';
import { Token } from '../tokens/entities/token.entity.js';
import { RecordDocument } from './entities/record-document.entity.js';
import { Record } from './entities/record.entity.js';
import { FollowUpController } from './follow-up.controller.js';
import { FollowUpService } from './follow-up.service.js';
import { RecordDocumentsService } from './record-documents.service.js';
import { RecordsAdminController } from './records-admin.controller.js';
import { RecordsExportService } from './records-export.service.js';
import { RecordsListService } from './records-list.service.js';
import { RecordsController } from './records.controller.js';
import { RecordsService } from './records.service.js';
import { UploadLinksService } from './upload-links.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Record, RecordDocument, Token]),
    // Uploads are written under the private folder, where a queue worker of another process finds them. File names
    // are read as UTF-8, as browsers send them (busboy's default, latin1, turns « impôt » into « impÃ´t »).
    MulterModule.registerAsync({ useFactory: (config: AppConfig) => ({ dest: incomingDir(config.dataDir), defParamCharset: 'utf8' }), inject: [APP_CONFIG] }),
    AuditModule,
    DocumentsModule,
  ],
  controllers: [RecordsController, FollowUpController, RecordsAdminController],
  providers: [RecordsService, RecordDocumentsService, UploadLinksService, FollowUpService, RecordsListService, RecordsExportService],
  exports: [RecordsService, RecordsListService, FollowUpService],
})
export class RecordsModule {}
