import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { ConfigError, keepFilesPrivate, loadConfig } from './config/config.js';

// A dedicated queue worker: the same modules as the API (each registers its processors), no HTTP.
try {
  const config = { ...loadConfig(), runWorkers: true, serveApps: false };
  if (!config.redisUrl) throw new ConfigError('REDIS_URL is required by a dedicated worker');
  keepFilesPrivate();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn', 'log'] });
  app.enableShutdownHooks();
  console.log('HSA LLI queue worker started');
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
  process.exit(1);
}
