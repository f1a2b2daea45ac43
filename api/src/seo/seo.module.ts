import { Module } from '@nestjs/common';
import { PrerenderService } from './prerender.service.js';
import { PrerenderListener } from './prerender.listener.js';
import { PublicPages } from './public-pages.js';
import { SeoController } from './seo.controller.js';
import { ResidencesModule } from '../residences/residences.module.js';
import { VersionModule } from '../version/version.module.js';

@Module({
  imports: [VersionModule, ResidencesModule],
  controllers: [SeoController],
  providers: [PublicPages, PrerenderService, PrerenderListener],
  exports: [PrerenderService],
})
export class SeoModule {}
