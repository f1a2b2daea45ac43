import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/config.js';
import { serveFrontApps } from './front/front-apps.js';
import { securityHeaders } from './front/security-headers.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds the API (and, in one-origin mode, the front apps' server) without listening. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: config.production ? ['error', 'warn', 'log'] : ['error', 'warn'],
  });
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.set('trust proxy', 'loopback');
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.enableShutdownHooks();
  if (config.serveApps) serveFrontApps(app.getHttpAdapter().getInstance(), REPO_ROOT, config.remotesFile);
  await app.init();
  return app;
}
