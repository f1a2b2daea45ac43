import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** The npm package whose files carry a Chromium, for a machine without one of its own. */
const NPM_CHROMIUM = '@sparticuz/chromium';

/** Where this process's Chromium comes from: the configured or system one, the npm package's, or none. */
export type ChromiumSource = { kind: 'system'; path: string } | { kind: 'npm' } | { kind: 'none'; reason: string };

/**
 * Which Chromium to use: the configured one (chromiumPathFrom) when it exists, else the one the npm package
 * carries (unless CHROMIUM_FROM_NPM=false), else none.
 */
export function resolveChromium(config: Pick<AppConfig, 'chromiumPath' | 'chromiumFromNpm'>): ChromiumSource {
  if (existsSync(config.chromiumPath)) return { kind: 'system', path: config.chromiumPath };
  if (config.chromiumFromNpm) {
    try {
      createRequire(import.meta.url).resolve(NPM_CHROMIUM);
      return { kind: 'npm' };
    } catch {
      // Not installed: nothing else to try.
    }
  }
  return { kind: 'none', reason: `no Chromium at ${config.chromiumPath}${config.chromiumFromNpm ? ` and no ${NPM_CHROMIUM} package` : ' (CHROMIUM_FROM_NPM=false)'}` };
}

/**
 * The one Chromium of this process, for every job that renders pages (prerendering, printing PDFs):
 * started at the first need, kept while the process lives, and each job works in a fresh context of
 * its own, so that nothing (cookies, storage) passes from one job to the next.
 */
@Injectable()
export class BrowserProvider implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserProvider.name);
  private browser: Promise<Browser> | null = null;
  /** Set at shutdown: a job still running then must not start Chromium again. */
  private stopped = false;
  readonly source: ChromiumSource;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.source = resolveChromium(config);
  }

  /** Whether there is a Chromium to start. */
  get available(): boolean {
    return this.source.kind !== 'none';
  }

  /** Says at start which Chromium renders pages and prints PDFs, and loudly when there is none. */
  onApplicationBootstrap(): void {
    const { source } = this;
    if (source.kind === 'none') {
      this.logger.error(
        `No Chromium (${source.reason}): PDFs cannot be printed and public pages are not prerendered. Install Debian's chromium, set CHROMIUM_PATH, or run npm install to get ${NPM_CHROMIUM}.`,
      );
    } else if (source.kind === 'npm') {
      this.logger.warn(`No Chromium at ${this.config.chromiumPath}: using the one of the ${NPM_CHROMIUM} package for PDFs and prerendering`);
    }
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

  /**
   * A new context that its caller prepares ahead of the one job it will serve, and closes: starting a context and its
   * page costs a few hundred milliseconds that a waiting person need not wait for.
   */
  async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
    return (await this.launch()).newContext(options);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const browser = this.browser;
    this.browser = null;
    await (await browser?.catch(() => null))?.close();
  }

  private async executablePath(): Promise<string> {
    const { source } = this;
    if (source.kind === 'system') return source.path;
    if (source.kind === 'none') throw new Error(`No Chromium: ${source.reason}`);
    // The package unpacks its binary into the temporary folder once, then gives its path.
    const { default: packaged } = (await import(NPM_CHROMIUM)) as { default: { executablePath(): Promise<string> } };
    return packaged.executablePath();
  }

  private launch(): Promise<Browser> {
    if (this.stopped) return Promise.reject(new Error('Chromium is not started again: the process is stopping'));
    this.browser ??= this.executablePath()
      .then((executablePath) =>
        chromium.launch({
          executablePath,
          // The npm package's own flags turn web security off: only these are used, whichever Chromium runs.
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        }),
      )
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
