import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { BrowserProvider } from '../browser/browser.module.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { VersionService } from '../version/version.service.js';
import { PRERENDER_AGENT, PRERENDER_HEADER, cleanCapturedHtml, prerenderedFile } from './prerendered-pages.js';
import { PublicPages } from './public-pages.js';

/** How often the process that asks for renderings checks whether a front app was redeployed. */
const REDEPLOY_CHECK_MS = 60_000;

/**
 * Writes a prerendered page readable by all: unlike everything else under DATA_DIR (private to the
 * service), these pages are public, and in the docker-compose deployment the gateway, running as
 * another account, serves them from the shared volume.
 */
async function writePublicFile(root: string, file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  let folder = root;
  for (const part of relative(root, dirname(file)).split(sep).filter(Boolean)) await chmod((folder = join(folder, part)), 0o755);
  await chmod(root, 0o755);
  await writeFile(`${file}.tmp`, content);
  await chmod(`${file}.tmp`, 0o644);
  await rename(`${file}.tmp`, file);
}

/**
 * Renders every public page in Chromium and keeps its HTML, so that visitors and search engines get
 * the content at once; the page then comes alive. Pages are rendered again when a residence or good
 * changes (see PrerenderSubscriber), and when a front app is redeployed: a page names the scripts of
 * the build it was rendered with.
 */
@Injectable()
export class PrerenderService implements OnModuleDestroy {
  private readonly logger = new Logger(PrerenderService.name);
  private origin: string | null = null;
  private renderedVersion: string | null = null;
  private redeployWatch: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly pages: PublicPages,
    private readonly versions: VersionService,
    private readonly browser: BrowserProvider,
  ) {
    jobs.register('prerender', 'pages', () => this.renderAll());
  }

  get enabled(): boolean {
    return this.config.prerender && this.browser.available;
  }

  /** Where the pages are read from: this API, once it listens (one-origin mode), or the front's origin. */
  async start(origin: string): Promise<void> {
    this.origin = this.config.frontOrigin ?? origin;
    if (this.config.prerender && !this.browser.available) {
      // Visitors would silently get pages drawn in their browser only: said at every start instead.
      this.logger.error('PRERENDER is on but there is no Chromium: public pages are served without their prerendered HTML (see CHROMIUM_PATH)');
    }
    if (this.enabled) {
      // Null when the front's origin is not up yet (the API processes start before the gateway): the rendering asked
      // below reads the front once it is, so the first version read later is the one rendered, not a redeployment.
      this.renderedVersion = await this.versions.deployedVersion();
      this.redeployWatch = setInterval(() => void this.renderIfRedeployed(), REDEPLOY_CHECK_MS).unref();
    }
    return this.request();
  }

  /**
   * Asks for a new rendering when the front's version changed since the last one was asked for; a front that cannot be
   * read for a moment changes nothing.
   */
  async renderIfRedeployed(): Promise<void> {
    const version = await this.versions.deployedVersion();
    if (version === null || version === this.renderedVersion) return;
    const redeployed = this.renderedVersion !== null;
    this.renderedVersion = version;
    if (!redeployed) return;
    this.logger.log(`Front version ${version}: public pages will be rendered again`);
    await this.request();
  }

  onModuleDestroy(): void {
    clearInterval(this.redeployWatch);
  }

  /** Asks for a new rendering; requests made while one waits are folded into it, whichever process renders. */
  async request(): Promise<void> {
    if (!this.enabled || !this.origin) return;
    await this.jobs.enqueueUnlessWaiting('prerender', 'pages');
  }

  /**
   * Stops serving the prerendered pages of a residence and of its goods at once, before the next rendering (which,
   * with thousands of pages, can take a while): a residence unpublished or a good disabled must not stay readable.
   * Until then visitors get the page drawn in their browser, from the API, which knows what is public.
   */
  async forgetResidence(slug: string): Promise<void> {
    const file = prerenderedFile(this.config.dataDir, `/residences/${slug}`);
    if (!file) return;
    await Promise.all([rm(file, { force: true }), rm(file.replace(/\.html$/, ''), { recursive: true, force: true })]);
  }

  private async renderAll(): Promise<{ pages: number }> {
    // A dedicated worker never listens: it reads the pages from the front's origin.
    const origin = this.config.frontOrigin ?? this.origin;
    if (!origin) return { pages: 0 };
    const pages = await this.pages.list();
    const folder = join(this.config.dataDir, 'prerender');
    const fresh = new Set<string>();
    const options = { userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${PRERENDER_AGENT}`, extraHTTPHeaders: { [PRERENDER_HEADER]: '1' } };
    try {
      await this.browser.withContext(options, async (context) => {
        await context.addInitScript((publicUrl) => Object.assign(window, { __PRERENDER__: true, __PUBLIC_URL__: publicUrl }), this.config.publicUrl);
        const page = await context.newPage();
        for (const { path } of pages) {
          const file = prerenderedFile(this.config.dataDir, path);
          if (!file) continue;
          const response = await page.goto(origin + path, { waitUntil: 'domcontentloaded' });
          await page.waitForSelector('html[data-rendered="true"]', { timeout: 15_000 });
          if (!response?.ok()) continue;
          // Adjacent text nodes merge when the page is written out; server rendering separates them with
          // an empty comment, which is what React expects to find when it hydrates the page.
          await page.evaluate(() => {
            const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
            const texts: Text[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
            for (const text of texts) if (text.nextSibling?.nodeType === Node.TEXT_NODE) text.after(document.createComment(''));
          });
          await writePublicFile(folder, file, cleanCapturedHtml(await page.content()));
          fresh.add(file);
        }
      });
    } catch (error) {
      this.logger.error(`Prerendering failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    await this.removeStale(folder, fresh);
    this.logger.log(`Prerendered ${fresh.size} public pages`);
    return { pages: fresh.size };
  }

  /** A residence unpublished or a good disabled since last time: its page is no longer served as HTML. */
  private async removeStale(folder: string, fresh: Set<string>): Promise<void> {
    const walk = async (dir: string): Promise<string[]> => {
      if (!existsSync(dir)) return [];
      const entries = await readdir(dir, { withFileTypes: true });
      const files = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])));
      return files.flat();
    };
    for (const file of await walk(folder)) if (!fresh.has(file)) await rm(file, { force: true });
  }
}
