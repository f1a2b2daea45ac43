import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { seedIfFresh } from './seed.js';

/** Loads the demo data into a new embedded database, before anything else reads it. */
@Injectable()
export class DemoSeeder implements OnModuleInit {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.seedDemo) return;
    if (await seedIfFresh(this.dataSource, this.config.dataDir, { history: this.config.demoHistory })) this.logger.log('Demo data loaded');
  }
}
