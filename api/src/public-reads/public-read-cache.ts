import { createHash } from 'node:crypto';
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

/** A picture a visitor may see, and its file (already made at upload, at each width). */
export interface CachedPicture {
  readonly path: string;
}

/** How many answers and pictures are kept at the most: the list's filters make many keys, and anybody chooses them. */
const MAX_ENTRIES = 2_000;
/** A safety net for rows written past the API (a restore, a manual fix): nothing is kept longer than this. */
const MAX_AGE_MS = 5 * 60_000;
/** Answers smaller than this are not worth compressing. */
const COMPRESS_FROM_BYTES = 1_024;

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

  keepPicture(key: string, generation: number, picture: CachedPicture): void {
    if (generation === this.generation) this.keep(key, picture);
  }

  /** Something the public reads show changed: every process forgets them. */
  async changed(): Promise<void> {
    this.forgetHere();
    await this.redis.client?.publish(this.channel, String(Date.now())).catch((error: unknown) => this.logger.error(`Could not tell the other processes: ${String(error)}`));
  }

  private forgetHere(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private read(key: string): CachedAnswer | CachedPicture | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    // The most recently read last: the first ones are those let go when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private keep(key: string, value: CachedAnswer | CachedPicture): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
