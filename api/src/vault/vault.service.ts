import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES, DOCUMENT_MAX_PAGES, parisDay, type DocumentType, type ScanStatus } from '@hsa-lli/common/domain';
import { shownName } from '@hsa-lli/common/back-office';
import { fileTypeFromFile } from 'file-type';
import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { ApiHttpError, FieldsError } from '../http/api-errors.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { JobsService, JobTimeoutError } from '../jobs/jobs.service.js';
import { ClamavError, scanFile } from './clamav.js';
import { FilePool, ranOutOfMemory } from './file-pool.js';
import type { FileTask } from './file-work.js';
import { loadKeyring, type Keyring } from './keyring.js';
import { DOCUMENT_MAX_PIXELS, PROCESSING_BUSY, REFUSALS, SCAN_UNAVAILABLE, watermarkText } from './messages.js';
import type { PhotoType } from './photos.js';
import { decryptFrom, encryptInto, removeFrom, VaultError } from './encrypted-files.js';

/** Private files of the data folder: never under a web root, never served as they are. */
export function privateDir(dataDir: string): string {
  return join(dataDir, 'private');
}

/** The encrypted documents. */
export function documentsDir(dataDir: string): string {
  return join(privateDir(dataDir), 'documents');
}

/**
 * Where uploads wait for `ingest` (multer's destination): in the private folder that the API and its workers share,
 * so that a worker of another process reads them. `ingest` takes files from there only, and removes them.
 */
export function incomingDir(dataDir: string): string {
  return join(privateDir(dataDir), 'incoming');
}

export interface IngestInput {
  /** The uploaded file, under incomingDir. */
  path: string;
  /** When the request stops waiting for it (ms since the epoch): a check that ends later keeps nothing. */
  deadline?: number;
  /** The name it had on its sender's device. */
  originalName: string;
  type: DocumentType;
}

/** A document kept: what its row records. */
export interface IngestedDocument {
  storedName: string;
  keyId: string;
  /** What the kept file is (a HEIC photo is kept as JPEG). */
  contentType: string;
  /** Bytes of the kept file before encryption. */
  size: number;
  pages: number;
  /** SHA-256 (hex) of the kept file before encryption. */
  sha256: string;
  scan: ScanStatus;
  /** The sender's name for it, without path, control characters, at most 255 characters, never empty. */
  originalName: string;
}

/** The copy staff read: the stored name and type to record on the document's row, so that it is made once. */
export interface WatermarkedCopy {
  buffer: Buffer;
  contentType: string;
  storedName: string;
}

interface WatermarkJob {
  storedName: string;
  contentType: string;
}

/** A check and a scan take seconds; this leaves room for a queue of uploads ahead. */
const INGEST_TIMEOUT_MS = 120_000;
/** Drawing a 40-page PDF takes about half a minute on a small machine. */
const WATERMARK_TIMEOUT_MS = 300_000;
/** clamd reads 10 MB in a few seconds; past this it is stuck. */
const SCAN_TIMEOUT_MS = 60_000;
const NAME_MAX = 255;
/** PDF bytes go to the cipher in pieces of this size. */
const CHUNK_BYTES = 256 * 1024;

/** A file's name as its sender's device gave it, made harmless: no folders, no control or direction characters. */
export function cleanFileName(name: string): string {
  const base = name.normalize('NFC').split(/[/\\]/).pop()!;
  const clean = shownName(base);
  if (clean === '' || /^\.+$/.test(clean)) return 'document';
  return Array.from(clean).slice(0, NAME_MAX).join('').trim();
}

async function* chunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
}

const refuse = (message: string) => new FieldsError({ file: message });

/**
 * The private document vault. Uploaded files are checked by their content, scanned by clamd when CLAMAV_URL is set,
 * cleaned (PDFs written again by pdf-lib, photos upright and without metadata) and kept encrypted (AES-256-GCM) under
 * DATA_DIR/private/documents; staff get watermarked copies. Checking and watermarking run as jobs of the `documents`
 * queue, in this process or in a worker sharing the data folder.
 */
@Injectable()
export class VaultService implements OnApplicationBootstrap {
  private readonly logger = new Logger(VaultService.name);
  private readonly keyring: Keyring;
  private readonly folder: string;
  /** Copies being made, by original, so that two reads at once make one. */
  private readonly making = new Map<string, Promise<Omit<WatermarkedCopy, 'buffer'>>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly pool: FilePool,
  ) {
    this.keyring = loadKeyring(config);
    this.folder = documentsDir(config.dataDir);
    jobs.register('documents', 'ingest', (data) => this.check(data as IngestInput));
    jobs.register('watermarks', 'watermark', (data) => this.makeCopy(data as WatermarkJob));
    if (config.clamavUrl) this.logger.log(`Documents are scanned by clamd at ${config.clamavUrl} before anything else is done with them`);
    else this.logger.warn('CLAMAV_URL is not set: documents are kept without an antivirus scan, marked « non analysé » for staff');
  }

  /**
   * Removes uploads left in the incoming folder by a process stopped while it held them (they are not yet encrypted):
   * any older than the longest a check may take is nobody's any more.
   */
  async onApplicationBootstrap(): Promise<void> {
    const folder = incomingDir(this.config.dataDir);
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(folder, name);
      const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs > 2 * INGEST_TIMEOUT_MS) await rm(path, { recursive: true, force: true });
    }
  }

  /**
   * Checks, scans, cleans and keeps an uploaded file, or throws the French refusal (a FieldsError on `file`; an
   * ApiHttpError 503 when the antivirus or the queue cannot answer now). The uploaded file is removed in any case, and
   * nothing of a refused file is kept.
   */
  async ingest(input: IngestInput): Promise<IngestedDocument> {
    const path = resolve(input.path);
    const fromIncoming = relative(incomingDir(this.config.dataDir), path);
    if (fromIncoming === '' || fromIncoming.startsWith('..') || isAbsolute(fromIncoming)) {
      throw new Error(`Uploads must be written under ${incomingDir(this.config.dataDir)} (got ${input.path})`);
    }
    try {
      return await this.jobs.run<IngestedDocument>('documents', 'ingest', { ...input, path, deadline: Date.now() + INGEST_TIMEOUT_MS }, { timeoutMs: INGEST_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof JobTimeoutError) throw new ApiHttpError({ error: PROCESSING_BUSY }, HttpStatus.SERVICE_UNAVAILABLE);
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

  /** A stored file's content, once its authentication tag is checked (a VaultError otherwise). */
  read(storedName: string): Promise<Buffer> {
    return decryptFrom(this.folder, this.keyring, storedName);
  }

  /** A document's content, checked against its authentication tag and the checksum recorded when it was kept. */
  async open(document: { storedName: string; sha256: string }): Promise<Buffer> {
    const content = await this.read(document.storedName);
    if (createHash('sha256').update(content).digest('hex') !== document.sha256) {
      throw new VaultError(`${document.storedName} does not match its recorded checksum`);
    }
    return content;
  }

  /**
   * The copy staff read, watermarked « Document exclusivement destiné à l’étude d’une demande de logement HSA — <date> »
   * in its pixels: the one recorded on the document when there is one, else a new one made by a job (dated the day it
   * is made). Its stored name and type are to be recorded on the document when they differ from its own.
   */
  async watermarked(document: { storedName: string; contentType: string; watermarkedName: string | null; watermarkedType: string | null }): Promise<WatermarkedCopy> {
    // A copy says the day it was read: one made another day, or lost (removed by hand, a backup restored without it),
    // is made again.
    if (document.watermarkedName && document.watermarkedType && (await this.madeToday(document.watermarkedName))) {
      return { buffer: await this.read(document.watermarkedName), contentType: document.watermarkedType, storedName: document.watermarkedName };
    }
    let pending = this.making.get(document.storedName);
    if (!pending) {
      const job: WatermarkJob = { storedName: document.storedName, contentType: document.contentType };
      pending = this.jobs.run<Omit<WatermarkedCopy, 'buffer'>>('watermarks', 'watermark', job, { timeoutMs: WATERMARK_TIMEOUT_MS });
      this.making.set(document.storedName, pending);
      void pending.finally(() => this.making.delete(document.storedName)).catch(() => undefined);
    }
    const copy = await pending;
    return { ...copy, buffer: await this.read(copy.storedName) };
  }

  private async madeToday(storedName: string): Promise<boolean> {
    try {
      return parisDay((await stat(join(this.folder, storedName))).mtime) === parisDay(new Date());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** Deletes stored files (documents or copies); one already gone is no error. */
  async remove(...storedNames: string[]): Promise<void> {
    await removeFrom(this.folder, storedNames);
  }

  /** The `documents:ingest` job. */
  private async check({ path, originalName, type, deadline = Infinity }: IngestInput): Promise<IngestedDocument> {
    try {
      const { size } = await stat(path);
      if (size === 0) throw refuse(REFUSALS.empty);
      if (size > DOCUMENT_MAX_BYTES) throw refuse(REFUSALS.tooLarge);
      // The antivirus reads the upload as it came, before any of our decoders does.
      const scan = await this.scan(path);
      const detected = await fileTypeFromFile(path);
      const contentType = detected?.mime;
      if (!contentType || !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(contentType)) throw refuse(REFUSALS.notAccepted);
      // A decrypted PDF or a decoded photo waits in the private incoming folder, never in the system's temporary one.
      const pdf = contentType === 'application/pdf';
      const kept = await this.cleaned(pdf, (scratch) =>
        pdf
          ? { task: 'clean-pdf', path, maxPages: DOCUMENT_MAX_PAGES[type], scratch }
          : { task: 'clean-photo', path, type: contentType as PhotoType, decoding: { heic: this.pool.heic, scratch } },
      );
      // Its request has answered « réessayez » meanwhile: nothing is kept that no row would name.
      if (Date.now() > deadline) throw new ApiHttpError({ error: PROCESSING_BUSY }, HttpStatus.SERVICE_UNAVAILABLE);
      const stored = await encryptInto(this.folder, this.keyring, chunks(kept.bytes));
      return { ...stored, contentType: kept.contentType, pages: kept.pages, scan, originalName: cleanFileName(originalName) };
    } finally {
      await rm(path, { force: true });
    }
  }

  /**
   * An upload checked and cleaned in the worker threads, with a scratch folder of its own: its refusal as the French
   * answer, and one that needs more memory than a thread has refused as too heavy.
   */
  private async cleaned(pdf: boolean, task: (scratch: string) => FileTask): Promise<{ bytes: Uint8Array; contentType: string; pages: number }> {
    let result;
    try {
      result = await this.pool.runWithScratch(incomingDir(this.config.dataDir), task);
    } catch (error) {
      if (!ranOutOfMemory(error)) throw error;
      this.logger.warn(`An upload needed more memory than a worker thread has: refused`);
      throw refuse(pdf ? REFUSALS.pdfTooComplex : REFUSALS.tooManyPixels(DOCUMENT_MAX_PIXELS / 1_000_000));
    }
    if ('refused' in result) throw refuse(result.refused);
    return result;
  }

  /** 'clean', or 'not_scanned' without an antivirus; an infected file is refused, and so is any file clamd cannot scan now. */
  private async scan(path: string): Promise<ScanStatus> {
    if (!this.config.clamavUrl) return 'not_scanned';
    try {
      const verdict = await scanFile(this.config.clamavUrl, path, { timeoutMs: SCAN_TIMEOUT_MS });
      if (!verdict.infected) return 'clean';
      this.logger.warn(`An upload was refused: clamd found ${verdict.signature}`);
      throw refuse(REFUSALS.infected);
    } catch (error) {
      if (!(error instanceof ClamavError)) throw error;
      this.logger.error(`An upload was refused unscanned: ${error.message}`);
      throw new ApiHttpError({ error: SCAN_UNAVAILABLE }, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }

  /** The `watermarks:watermark` job: the copy of one document, stored encrypted like it. */
  private async makeCopy({ storedName, contentType }: WatermarkJob): Promise<Omit<WatermarkedCopy, 'buffer'>> {
    const original = await this.read(storedName);
    const copy = await this.pool.run({ task: 'watermark', bytes: original, contentType, text: watermarkText(new Date()) });
    // Kept documents were checked: drawing one is never refused.
    if ('refused' in copy) throw new Error(`The copy of ${storedName} could not be drawn: ${copy.refused}`);
    const stored = await encryptInto(this.folder, this.keyring, chunks(copy.bytes));
    return { storedName: stored.storedName, contentType: copy.contentType };
  }
}
