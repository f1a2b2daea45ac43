import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RedisConnection } from '../redis/redis.module.js';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

/**
 * Counts hits per key over a fixed window, in one atomic step per hit: in Redis when there is one,
 * else in the database, so that every API process shares the count and parallel requests can never
 * all read "not blocked yet" before any of them is counted.
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly redis: Redis | null;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    redis: RedisConnection,
  ) {
    this.redis = redis.client;
    if (!this.redis) this.sweeper = setInterval(() => void this.sweep(), 15 * 60_000).unref();
  }

  /** Counts one hit and answers the count in the window, this hit included. */
  async hit(key: string, limit: Limit): Promise<number> {
    if (this.redis) {
      const redisKey = this.redisKey(key);
      const [[, count]] = (await this.redis.multi().incr(redisKey).pexpire(redisKey, limit.windowMs, 'NX').exec()) as [[null, number]];
      return count;
    }
    return this.hitInDatabase(key, limit);
  }

  /** Takes one hit back (an attempt that turned out legitimate). */
  async unhit(key: string): Promise<void> {
    if (this.redis) {
      await this.redis.eval("if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end", 1, this.redisKey(key));
      return;
    }
    await this.dataSource.query(`UPDATE rate_limits SET count = count - 1 WHERE bucket = ? AND count > 0`, [key]);
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.del(this.redisKey(key));
    else await this.dataSource.query(`DELETE FROM rate_limits WHERE bucket = ?`, [key]);
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  /** One statement that counts and answers, starting a new window when the last one ended. */
  private async hitInDatabase(key: string, limit: Limit): Promise<number> {
    const now = Date.now();
    const resetAt = now + limit.windowMs;
    if (this.dataSource.options.type === 'better-sqlite3') {
      const rows = (await this.dataSource.query(
        `INSERT INTO rate_limits (bucket, count, resetAt) VALUES (?, 1, ?)
         ON CONFLICT (bucket) DO UPDATE SET
           count = CASE WHEN rate_limits.resetAt <= ? THEN 1 ELSE rate_limits.count + 1 END,
           resetAt = CASE WHEN rate_limits.resetAt <= ? THEN excluded.resetAt ELSE rate_limits.resetAt END
         RETURNING count`,
        [key, resetAt, now, now],
      )) as { count: number }[];
      return Number(rows[0]!.count);
    }
    // MariaDB: LAST_INSERT_ID(expr) hands the new count back in the statement's own answer.
    const result = (await this.dataSource.query(
      `INSERT INTO rate_limits (bucket, count, resetAt) VALUES (?, LAST_INSERT_ID(1), ?)
       ON DUPLICATE KEY UPDATE
         count = LAST_INSERT_ID(IF(resetAt <= ?, 1, count + 1)),
         resetAt = IF(resetAt <= ?, VALUES(resetAt), resetAt)`,
      [key, resetAt, now, now],
    )) as { insertId: number };
    return Number(result.insertId);
  }

  private async sweep(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.query(`DELETE FROM rate_limits WHERE resetAt <= ?`, [Date.now()]);
  }

  private redisKey(key: string): string {
    return `${this.config.queuePrefix}:limit:${key}`;
  }
}
