import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { FRONT_APPS, remotesJson } from '../front/front-apps.js';
import { REPO_ROOT } from '../paths.js';

export const APP_VERSION = '1.0.1';
const CACHE_MS = 2_000;

/**
 * The version of the deployed front end: the application version, plus a digest of what names each
 * front app's current build (remotes.json, every remote's mf-manifest.json, the shell's index.html).
 * Redeploying any one app changes it, and open pages then offer to reload.
 */
@Injectable()
export class VersionService {
  private readonly logger = new Logger(VersionService.name);
  private cached: { version: string | null; at: number } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The version open pages compare theirs with: the application's alone while the front's files cannot be read. */
  async version(): Promise<string> {
    return (await this.deployedVersion()) ?? APP_VERSION;
  }

  /** The front end's version, or null while its files cannot be read (its origin not up yet, or down for a moment). */
  async deployedVersion(): Promise<string | null> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.version;
    let version: string | null = APP_VERSION;
    try {
      const parts = await this.deploymentFiles();
      if (parts.length > 0) version = `${APP_VERSION}+${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12)}`;
    } catch (error) {
      this.logger.warn(`Front version unavailable: ${String(error)}`);
      version = null;
    }
    this.cached = { version, at: Date.now() };
    return version;
  }

  private async deploymentFiles(): Promise<string[]> {
    if (this.config.serveApps) {
      const remotes = remotesJson(this.config.remotesFile);
      const files = FRONT_APPS.map(({ name, dir }) => join(REPO_ROOT, dir, 'dist', name === 'shell' ? 'index.html' : 'mf-manifest.json'));
      return [remotes, ...(await Promise.all(files.map((file) => readFile(file, 'utf8'))))];
    }
    if (!this.config.frontOrigin) return [];
    const origin = this.config.frontOrigin;
    const fetchText = async (path: string) => {
      const response = await fetch(new URL(path, origin), { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.text();
    };
    const remotes = await fetchText('/remotes.json');
    const entries = (JSON.parse(remotes) as { entry: string }[]).map((remote) => remote.entry);
    return [remotes, ...(await Promise.all([...entries, '/index.html'].map(fetchText)))];
  }
}
