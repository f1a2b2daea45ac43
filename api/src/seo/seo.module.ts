import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { PageStatus } from './page-status.js';
import { PrerenderService } from './prerender.service.js';
import { PrerenderListener } from './prerender.listener.js';
import { PublicPages } from './public-pages.js';
import { SeoController } from './seo.controller.js';
import { ResidencesModule } from '../residences/residences.module.js';
import { VersionModule } from '../version/version.module.js';

@Module({
  imports: [VersionModule, ResidencesModule, GoodsModule, DocumentsModule],
  controllers: [SeoController],
  providers: [PublicPages, PrerenderService, PrerenderListener, PageStatus],
  exports: [PrerenderService, PageStatus],
})
export class SeoModule {}
