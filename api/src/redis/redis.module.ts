import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** A Redis client as BullMQ wants it in an ES module: its blocking commands must never give up after a few retries. */
export function createRedisClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

/**
 * The one shared Redis connection of this process (sessions, rate limits), or null without REDIS_URL.
 * Queues, their listeners and workers open their own connections (see BullmqJobs): their commands block.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl ? createRedisClient(config.redisUrl) : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}

@Global()
@Module({ providers: [RedisConnection], exports: [RedisConnection] })
export class RedisModule {}
