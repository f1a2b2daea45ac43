import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { createRedisClient } from '../jobs/jobs.service.js';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

/**
 * Counts hits per key over a fixed window: in Redis when there is one, so that every API instance
 * shares the count, else in this process (the embedded, single-process default).
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly redis: Redis | null;
  private readonly memory = new Map<string, { count: number; resetAt: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redis = config.redisUrl ? createRedisClient(config.redisUrl) : null;
  }

  /** Whether the key already used up its window. */
  async isBlocked(key: string, limit: Limit): Promise<boolean> {
    return (await this.count(key)) >= limit.max;
  }

  async hit(key: string, limit: Limit): Promise<number> {
    if (this.redis) {
      const redisKey = this.redisKey(key);
      const [[, count]] = (await this.redis.multi().incr(redisKey).pexpire(redisKey, limit.windowMs, 'NX').exec()) as [[null, number]];
      return count;
    }
    const now = Date.now();
    const entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      this.memory.set(key, { count: 1, resetAt: now + limit.windowMs });
      this.sweep(now);
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.del(this.redisKey(key));
    else this.memory.delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  private async count(key: string): Promise<number> {
    if (this.redis) return Number((await this.redis.get(this.redisKey(key))) ?? 0);
    const entry = this.memory.get(key);
    return entry && entry.resetAt > Date.now() ? entry.count : 0;
  }

  private redisKey(key: string): string {
    return `${this.config.queuePrefix}:limit:${key}`;
  }

  private sweep(now: number): void {
    if (this.memory.size < 10_000) return;
    for (const [key, entry] of this.memory) if (entry.resetAt <= now) this.memory.delete(key);
  }
}
