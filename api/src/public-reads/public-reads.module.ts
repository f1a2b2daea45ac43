import { Global, Module } from '@nestjs/common';
import { PublicReadCache } from './public-read-cache.js';
import { PublicReadsListener } from './public-reads.listener.js';

/** The public reads kept in memory (PublicReadCache), answered by the `publicReads` middleware (app.ts). */
@Global()
@Module({ providers: [PublicReadCache, PublicReadsListener], exports: [PublicReadCache] })
export class PublicReadsModule {}
