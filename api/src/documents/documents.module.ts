import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RecordsModule } from '../records/records.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { VaultModule } from '../vault/vault.module.js';
import { incomingDir } from '../vault/vault.service.js';
import { RecordDocument } from './entities/record-document.entity.js';
import { RecordDocumentsController } from './record-documents.controller.js';
import { RecordDocumentsService } from './record-documents.service.js';
import { SharedUploadsController } from './shared-uploads.controller.js';
import { UploadLinksController } from './upload-links.controller.js';
import { UploadLinksService } from './upload-links.service.js';

/** The applicants' documents: their uploads, reading and review, and the shared upload links. Files are kept in the vault. */
@Module({
  imports: [
    TypeOrmModule.forFeature([RecordDocument]),
    // Uploads are written under the private folder, where a queue worker of another process finds them. File names
    // are read as UTF-8, as browsers send them (busboy's default, latin1, turns « impôt » into « impÃ´t »).
    MulterModule.registerAsync({ useFactory: (config: AppConfig) => ({ dest: incomingDir(config.dataDir), defParamCharset: 'utf8' }), inject: [APP_CONFIG] }),
    RecordsModule,
    TokensModule,
    VaultModule,
  ],
  controllers: [RecordDocumentsController, UploadLinksController, SharedUploadsController],
  providers: [RecordDocumentsService, UploadLinksService],
  // The one-origin server asks whether a shared upload page's link is usable, to answer its status (seo/page-status.ts).
  exports: [UploadLinksService],
})
export class DocumentsModule {}
