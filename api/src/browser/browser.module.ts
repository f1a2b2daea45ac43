import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/**
 * The one Chromium of this process, for every job that renders pages (prerendering now, PDFs next):
 * started at the first need, kept while the process lives, and each job works in a fresh context of
 * its own, so that nothing (cookies, storage) passes from one job to the next.
 */
@Injectable()
export class BrowserProvider implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserProvider.name);
  private browser: Promise<Browser> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether there is a Chromium to start. */
  get available(): boolean {
    return existsSync(this.config.chromiumPath);
  }

  /** Runs a job in a new browser context, closed when the job ends, whatever happens. */
  async withContext<T>(options: BrowserContextOptions, job: (context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await (await this.launch()).newContext(options);
    try {
      return await job(context);
    } finally {
      await context.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    await (await browser?.catch(() => null))?.close();
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.config.chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      })
      .then((browser) => {
        // A browser that crashed is started again at the next need.
        browser.on('disconnected', () => {
          this.logger.warn('Chromium stopped');
          this.browser = null;
        });
        return browser;
      });
    this.browser.catch(() => (this.browser = null));
    return this.browser;
  }
}

@Global()
@Module({ providers: [BrowserProvider], exports: [BrowserProvider] })
export class BrowserModule {}
