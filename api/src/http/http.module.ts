import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimiter } from './rate-limiter.service.js';
import { ThisSiteOnlyGuard } from './same-site-requests.js';

@Global()
@Module({ providers: [RateLimiter, { provide: APP_GUARD, useClass: ThisSiteOnlyGuard }], exports: [RateLimiter] })
export class HttpModule {}
