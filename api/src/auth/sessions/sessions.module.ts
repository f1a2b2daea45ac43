import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { RedisConnection } from '../../redis/redis.module.js';
import { SESSION_IDLE_MS } from './session-setup.js';
import { DatabaseSessionStore, RedisSessionStore, SESSION_STORE } from './session-stores.js';
import { SessionsService } from './sessions.service.js';

/**
 * The session store: logins open sessions in it, the accounts' administration ends a user's sessions, and
 * SessionsService lists and ends a user's own.
 */
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
    SessionsService,
  ],
  exports: [SESSION_STORE, SessionsService],
})
export class SessionsModule {}
