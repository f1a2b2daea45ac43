import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FileTask, FileTaskResult } from './file-work.js';
import { describeHeicDecoder, findHeicDecoder, type HeicDecoder } from './heic.js';

/**
 * Threads: one per core but the one the event loop needs, and at least two, so that an upload being checked and a copy
 * being watermarked (each its own queue) go side by side.
 */
const THREADS = Math.max(2, availableParallelism() - 1);
/** A thread idle this long ends, and its memory (pdf.js's and the WASM decoder's heaps) goes back to the system. */
const IDLE_MS = 20_000;
/** A thread's JavaScript heap: a file that needs more is hostile or broken; its thread dies, the process does not. */
const HEAP_MB = 768;

/** A task whose thread ran out of memory (`resourceLimits`): the file is more than this service can read. */
export function ranOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * The worker threads that do the CPU-heavy work on files (`file-work.ts`), in the API and in a queue worker alike: the
 * process's own event loop only waits for them.
 */
@Injectable()
export class FilePool implements OnApplicationShutdown {
  private readonly logger = new Logger(FilePool.name);
  private readonly pool: Piscina<FileTask, FileTaskResult>;
  readonly heic: HeicDecoder = findHeicDecoder();
  /** Whether qpdf is there to open PDFs protected by an owner password only (refused as protected without it). */
  readonly qpdf: Promise<boolean>;

  constructor() {
    // Under vitest this module is TypeScript: its threads start from a loader that runs the sources.
    const entry = import.meta.url.endsWith('.ts') ? './file-work-source.mjs' : './file-work.js';
    this.pool = new Piscina({
      filename: fileURLToPath(new URL(entry, import.meta.url)),
      minThreads: 0,
      maxThreads: THREADS,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    // Said at every start in production; in development too when photos are decoded the slow way.
    const said = `Files are checked and watermarked in up to ${THREADS} worker threads; ${describeHeicDecoder(this.heic)}`;
    if (this.heic.kind === 'wasm') this.logger.warn(said);
    else this.logger.log(said);
    this.qpdf = import('./pdf-cleaning/index.js').then(({ qpdfAvailable }) => qpdfAvailable());
    void this.qpdf.then((available) => {
      if (!available) this.logger.warn('qpdf is missing: PDFs protected by an owner password only are refused as protected (install Debian’s qpdf)');
    });
  }

  run(task: FileTask): Promise<FileTaskResult> {
    return this.pool.run(task);
  }

  /**
   * Runs a task given a scratch folder of its own under `parent` (a private folder), where a decrypted PDF or a decoded
   * photo may wait: removed once the task has settled, whatever became of its thread (one that ran out of memory
   * cleans nothing up).
   */
  async runWithScratch(parent: string, task: (scratch: string) => FileTask): Promise<FileTaskResult> {
    await mkdir(parent, { recursive: true, mode: 0o700 });
    const scratch = await mkdtemp(join(parent, 'work-'));
    try {
      return await this.pool.run(task(scratch));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
