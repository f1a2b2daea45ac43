import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { VersionService } from './version.service.js';

@Public()
@Controller()
export class VersionController {
  constructor(
    private readonly versions: VersionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('get-js-version')
  @HttpCode(200)
  async version() {
    return { version: await this.versions.version() };
  }

  /** Settings the front end reads at start. */
  @Get('front-config')
  frontConfig() {
    return { analytics_url: this.config.analyticsUrl };
  }
}
