import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RedisConnection } from '../redis/redis.module.js';

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);


/** An answer kept: its JSON, its compressed forms once made (by zlib's thread pool, off the event loop), its ETag. */
export interface CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

/** A picture a visitor may see: its file's bytes (made at upload, at each width), and what names that version of it. */
export interface CachedPicture {
  readonly bytes: Buffer;
  readonly etag: string;
  readonly lastModified: string;
}

/** How many answers and pictures are kept at the most: the list's filters make many keys, and anybody chooses them. */
const MAX_ENTRIES = 2_000;
/** The pictures' bytes kept at the most, in each process: the least recently read let go first. */
const MAX_PICTURE_BYTES = 64 * 2 ** 20;
/** A larger picture is read from its file each time. */
const MAX_PICTURE_SIZE = 4 * 2 ** 20;
/** A safety net for rows written past the API (a restore, a manual fix): nothing is kept longer than this. */
const MAX_AGE_MS = 5 * 60_000;
/** Answers smaller than this are not worth compressing. */
const COMPRESS_FROM_BYTES = 1_024;

/** What an entry holds of the pictures' bytes: a picture's, none for an answer. */
const picturePart = (value: CachedAnswer | CachedPicture): number => ('lastModified' in value ? value.bytes.length : 0);

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * The public reads (the residences list, a residence, a good, a picture's file), as last answered: the same for every
 * visitor, so kept once in memory and answered without the database. Everything is forgotten on any change that could
 * affect them (PublicReadsListener), in this process at once and in every other one through Redis when there is one.
 * A read that started before a change never stores its answer after it (`generation`).
 */
@Injectable()
export class PublicReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PublicReadCache.name);
  private readonly entries = new Map<string, Entry<CachedAnswer | CachedPicture>>();
  /** The bytes of the pictures among the entries. */
  private pictureBytes = 0;
  private subscriber: Redis | null = null;
  /** Changes each time everything is forgotten. */
  generation = 0;

  /** The channel on which every process of the platform (API processes, workers) says that the public reads changed. */
  private readonly channel: string;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.queuePrefix}:public-reads:changed`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis.client) return;
    this.subscriber = this.redis.client.duplicate();
    this.subscriber.on('message', () => this.forgetHere());
    // Missed messages while the connection was down: forget everything once it is back.
    this.subscriber.on('ready', () => this.forgetHere());
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  answer(key: string): CachedAnswer | undefined {
    return this.read(key) as CachedAnswer | undefined;
  }

  picture(key: string): CachedPicture | undefined {
    return this.read(key) as CachedPicture | undefined;
  }

  /** Keeps an answer read at `generation` (unless something changed since), and makes its compressed forms. */
  keepAnswer(key: string, generation: number, json: string): CachedAnswer {
    const body = Buffer.from(json);
    const answer: CachedAnswer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (generation !== this.generation) return answer;
    this.keep(key, answer);
    if (body.length >= COMPRESS_FROM_BYTES) {
      Promise.all([gzipped(body, { level: 6 }), brotlied(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })])
        .then(([gzip, br]) => Object.assign(answer, { gzip, br }))
        .catch((error: unknown) => this.logger.warn(`Could not compress a public answer: ${String(error)}`));
    }
    return answer;
  }

  /**
   * Reads a picture's file (on libuv's threads) and keeps it, read at `generation` (unless something changed since);
   * null for a file too large to be kept, which is then read each time.
   */
  async keepPicture(key: string, generation: number, path: string): Promise<CachedPicture | null> {
    const { size, mtime } = await stat(path);
    if (size > MAX_PICTURE_SIZE) return null;
    const picture: CachedPicture = { bytes: await readFile(path), etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`, lastModified: mtime.toUTCString() };
    if (generation === this.generation) this.keep(key, picture);
    return picture;
  }

  /** Something the public reads show changed: every process forgets them. */
  async changed(): Promise<void> {
    this.forgetHere();
    await this.redis.client?.publish(this.channel, String(Date.now())).catch((error: unknown) => this.logger.error(`Could not tell the other processes: ${String(error)}`));
  }

  private forgetHere(): void {
    this.generation += 1;
    this.entries.clear();
    this.pictureBytes = 0;
  }

  private read(key: string): CachedAnswer | CachedPicture | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.drop(key);
      return undefined;
    }
    // The most recently read last: the first ones are those let go when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private keep(key: string, value: CachedAnswer | CachedPicture): void {
    this.drop(key);
    this.entries.set(key, { value, at: Date.now() });
    this.pictureBytes += picturePart(value);
    while (this.entries.size > MAX_ENTRIES || this.pictureBytes > MAX_PICTURE_BYTES) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.pictureBytes -= picturePart(entry.value);
    this.entries.delete(key);
  }
}
