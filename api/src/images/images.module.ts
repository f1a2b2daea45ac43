import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import { VaultModule } from '../vault/vault.module.js';
import type { AppConfig } from '../config/config.js';
import { Image } from './entities/image.entity.js';
import { ImagesController } from './images.controller.js';
import { ImagesService, uploadsDir } from './images.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Image]),
    // Its worker threads decode phones' HEIC photos.
    VaultModule,
    // Uploaded files are streamed to disk, under random names, never held in memory; their names read as UTF-8.
    MulterModule.registerAsync({ useFactory: (config: AppConfig) => ({ dest: uploadsDir(config.dataDir), defParamCharset: 'utf8' }), inject: [APP_CONFIG] }),
  ],
  controllers: [ImagesController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
