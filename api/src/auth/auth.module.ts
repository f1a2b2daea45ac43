import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { RedisConnection } from '../redis/redis.module.js';
import { UsersModule } from '../users/users.module.js';
import { UsersService } from '../users/users.service.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService, PASSPORT, SESSION_STORE } from './auth.service.js';
import { createPassport } from './session.serializer.js';
import { SESSION_IDLE_MS } from './sessions/session-setup.js';
import { DatabaseSessionStore, RedisSessionStore } from './sessions/session-stores.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    { provide: PASSPORT, inject: [UsersService], useFactory: (users: UsersService) => createPassport(users) },
    { provide: APP_GUARD, useClass: AccessGuard },
    {
      provide: SESSION_STORE,
      inject: [APP_CONFIG, getDataSourceToken(), RedisConnection],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: RedisConnection) =>
        redis.client
          ? new RedisSessionStore(redis.client, config.queuePrefix, SESSION_IDLE_MS)
          : new DatabaseSessionStore(dataSource, SESSION_IDLE_MS),
    },
  ],
  exports: [SESSION_STORE, PASSPORT],
})
export class AuthModule {}
