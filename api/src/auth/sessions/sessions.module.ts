import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { RedisConnection } from '../../redis/redis.module.js';
import { SESSION_IDLE_MS } from './session-setup.js';
import { DatabaseSessionStore, RedisSessionStore, SESSION_STORE } from './session-stores.js';

/** The session store: logins open sessions in it, and the accounts' administration ends a user's sessions. */
@Module({
  providers: [
    {
      provide: SESSION_STORE,
      inject: [APP_CONFIG, getDataSourceToken(), RedisConnection],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: RedisConnection) =>
        redis.client
          ? new RedisSessionStore(redis.client, config.queuePrefix, SESSION_IDLE_MS)
          : new DatabaseSessionStore(dataSource, SESSION_IDLE_MS),
    },
  ],
  exports: [SESSION_STORE],
})
export class SessionsModule {}
