import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { BrowserProvider } from '../browser/browser.module.js';
import { dialectOf } from '../database/data-source.js';
import { pingClamav } from '../vault/clamav.js';
import { FilePool } from '../vault/file-pool.js';
import { JobsService } from '../jobs/jobs.service.js';

/** Whether this process can do its work: the database answers, and jobs can be queued. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly browser: BrowserProvider,
    private readonly files: FilePool,
  ) {}

  async report() {
    const [databaseOk, queueOk, antivirusOk, qpdf] = await Promise.all([
      this.databaseAnswers(),
      this.jobs.ping(),
      this.config.clamavUrl ? pingClamav(this.config.clamavUrl, { timeoutMs: 2000 }) : null,
      this.files.qpdf,
    ]);
    return {
      status: databaseOk && queueOk ? ('ok' as const) : ('degraded' as const),
      database: { dialect: dialectOf(this.config), ok: databaseOk },
      queue: { mode: this.jobs.mode, workers: this.config.runWorkers, ok: queueOk },
      // Without it PDFs are refused (503, in French) and public pages go unrendered: said here, not a failure of the service.
      chromium: { source: this.browser.source.kind, ok: this.browser.available },
      // Without an answer from clamd, documents are refused (503, in French) until it answers again; without clamd at all
      // (CLAMAV_URL unset, never in production unless CLAMAV_REQUIRED=false) they are kept « non analysé ».
      antivirus: { configured: this.config.clamavUrl !== null, ok: antivirusOk },
      documents: { heic_decoder: this.files.heic.kind, qpdf },
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
