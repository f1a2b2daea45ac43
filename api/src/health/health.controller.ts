import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { dialectOf } from '../database/data-source.js';
import { JobsService } from '../jobs/jobs.service.js';
import { Public } from '../auth/access.decorators.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
  ) {}

  /** 200 when the database and the queues answer, else 503 with the part that does not. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    const [databaseOk, queueOk] = await Promise.all([this.databaseAnswers(), this.jobs.ping()]);
    const ok = databaseOk && queueOk;
    response.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'degraded',
      database: { dialect: dialectOf(this.config), ok: databaseOk },
      queue: { mode: this.jobs.mode, workers: this.config.runWorkers, ok: queueOk },
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
