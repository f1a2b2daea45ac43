import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PDF_DOCUMENTS } from '@hsa-lli/common/back-office';
import type { BrowserContext, Page } from 'playwright-core';
import { PRINT_TOKEN_HEADER, PrintTokens } from '../auth/print-token.js';
import { BrowserProvider } from '../browser/browser.module.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { pdfKey } from './printed-files.js';
import { PRINT_JOB, PrintingService, type PrintJobData } from './printing.service.js';

/** How long a page may take to load, to get its data and to be drawn. */
const PAGE_TIMEOUT_MS = 20_000;

const PAGE_FOOTER =
  '<div style="width:100%;padding:0 13mm;font:7pt system-ui,sans-serif;color:#5a6472;text-align:right">Page <span class="pageNumber"></span> sur <span class="totalPages"></span></div>';

interface Prepared {
  context: BrowserContext;
  page: Page;
}

/** What a print job answers. */
export interface PrintResult {
  /** The key of the data the page showed (the job's own, unless the data changed since it was queued). */
  key: string;
  printed: boolean;
  bytes: number;
  /** How long printing took, from the job's start to the file kept. */
  ms: number;
  /** The process that printed it: a job is printed once, by one worker. */
  pid: number;
}

/**
 * The `pdf` queue's worker: opens an mf-pdf page in Chromium (this process's one browser, a fresh context per job) on
 * the product's own origin, with a credential of its own for that page and id, and prints it to A4. Idempotent: a
 * job whose file is there already prints nothing, and a file is written whole (temporary name, then renamed).
 */
@Injectable()
export class PdfPrinter implements OnApplicationShutdown {
  private readonly logger = new Logger(PdfPrinter.name);
  private origin: string | null = null;
  /** PDFs this process printed, for the tests and the benchmark. */
  prints = 0;
  /** The context the next job will use, started after the previous one ended. */
  private spare: Promise<Prepared | null> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pdf: PrintingService,
    private readonly browser: BrowserProvider,
    private readonly tokens: PrintTokens,
    jobs: JobsService,
  ) {
    jobs.register('pdf', PRINT_JOB, (data) => this.print(data as PrintJobData));
  }

  /** The API's own address once it listens: where it reads the pages in one-origin mode (FRONT_ORIGIN otherwise). */
  start(origin: string): void {
    this.origin = origin;
  }

  onApplicationShutdown(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    return spare?.then((prepared) => prepared?.context.close()).catch(() => undefined) ?? Promise.resolve();
  }

  private async print(data: PrintJobData): Promise<PrintResult> {
    const { kind, id, frontVersion } = data;
    if (await this.pdf.files.has(kind, id, data.key)) return { key: data.key, printed: false, bytes: 0, ms: 0, pid: process.pid };
    if (!this.browser.available) throw new Error('No Chromium to print with (see CHROMIUM_PATH)');
    const origin = this.config.frontOrigin ?? this.origin;
    if (!origin) throw new Error('The origin of the pages is not known yet (FRONT_ORIGIN, or the API not listening yet)');
    const own = new URL(origin).origin;
    const sheet = PDF_DOCUMENTS[kind];
    const started = Date.now();
    const { context, page } = await this.freshContext();
    let printed: { key: string; content: Buffer };
    try {
      // Its credential for this page and this id only, on every request of the page (which reaches this origin only).
      await context.setExtraHTTPHeaders({ [PRINT_TOKEN_HEADER]: this.tokens.sign({ page: sheet.page, id }) });
      // The page may reach its own origin only: whatever else it names (a picture, a font, a tracker) is never fetched.
      await context.route('**/*', (route) => (new URL(route.request().url()).origin === own ? route.continue() : route.abort('blockedbyclient')));
      const dataPath = `/api${sheet.call(id)}`;
      const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === dataPath, {
        timeout: PAGE_TIMEOUT_MS,
      });
      // Heard below, or abandoned with the context when the page cannot be opened.
      answered.catch(() => undefined);
      await page.goto(`${own}${sheet.path(id)}`, { waitUntil: 'domcontentloaded', timeout: PAGE_TIMEOUT_MS });
      const answer = await answered;
      if (!answer.ok()) throw new Error(`${dataPath} answered ${answer.status()} to the print browser`);
      // The file is kept under the key of what the page shows, which may be newer than what was asked for.
      const shown = pdfKey(frontVersion, await answer.json());
      await page.waitForSelector('[data-pdf-ready="true"]', { timeout: PAGE_TIMEOUT_MS });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const content = await page.pdf({
        format: 'A4',
        printBackground: true,
        tagged: true,
        outline: true,
        preferCSSPageSize: true,
        // Page numbers in the bottom margin that the page's @page rule leaves.
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: PAGE_FOOTER,
      });
      printed = { key: shown, content };
    } finally {
      await context.close().catch(() => undefined);
      // The next job's context is started now, while nobody waits for it.
      this.spare = this.prepare().catch(() => null);
    }
    await this.pdf.files.store(kind, id, printed.key, printed.content);
    this.prints += 1;
    const ms = Date.now() - started;
    this.logger.log(`Printed the ${kind} PDF of #${id} in ${ms} ms`);
    return { key: printed.key, printed: true, bytes: printed.content.length, ms, pid: process.pid };
  }

  /**
   * A context of its own for one job: the one prepared after the previous job (never used by anything yet), or a new
   * one. Nothing passes from one job to the next: each context is closed with its job.
   */
  private async freshContext(): Promise<Prepared> {
    const spare = await this.spare;
    this.spare = null;
    if (spare && spare.context.browser()?.isConnected()) return spare;
    await spare?.context.close().catch(() => undefined);
    return this.prepare();
  }

  private async prepare(): Promise<Prepared> {
    const context = await this.browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    try {
      await context.addInitScript(() => Object.assign(window, { __PRINTING__: true }));
      return { context, page: await context.newPage() };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }
}
