import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { BullmqJobs } from './bullmq-jobs.js';
import { InProcessJobs } from './in-process-jobs.js';
import { JobsService } from './jobs.service.js';

/** `JobsService` for the whole app: BullMQ queues on Redis with REDIS_URL, else jobs run in this process. */
function createJobs(config: AppConfig): JobsService {
  return config.redisUrl ? new BullmqJobs({ url: config.redisUrl, prefix: config.queuePrefix, runWorkers: config.runWorkers, lockMs: config.queueLockMs }) : new InProcessJobs();
}

@Global()
@Module({
  providers: [{ provide: JobsService, inject: [APP_CONFIG], useFactory: createJobs }],
  exports: [JobsService],
})
export class JobsModule {}
