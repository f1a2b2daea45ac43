import 'reflect-metadata';
import compression from 'compression';
import express from 'express';
import type { RequestListener } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { PASSPORT, SESSION_STORE } from './auth/auth.service.js';
import { setUpSessions } from './auth/sessions/session-setup.js';
import type { RevocableStore } from './auth/sessions/session-stores.js';
import { ApiExceptionFilter, bodyErrors } from './http/api-exception.filter.js';
import { refuseDeepJson } from './http/json-depth.js';
import { sameSiteRequests } from './http/same-site-requests.js';
import { keepFilesPrivate, type AppConfig } from './config/config.js';
import { serveFrontApps } from './front/front-apps.js';
import { securityHeaders } from './front/security-headers.js';
import { PublicReadCache } from './public-reads/public-read-cache.js';
import { jsonBody, keptReadsFirst, publicReads } from './public-reads/public-reads.middleware.js';
import { PageStatus } from './seo/page-status.js';
import { REPO_ROOT } from './paths.js';

/** Builds the API (and, in one-origin mode, the front apps' server) without listening. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  keepFilesPrivate();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: config.logLevels,
    // JSON only (below): no form-encoded bodies, which any other site could make a browser send.
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);
  app.use('/api', sameSiteRequests(config.publicUrl));
  const json = express.json({ verify: refuseDeepJson });
  app.use(jsonBody(json));
  app.use(bodyErrors);
  // Kept public reads are answered here, already compressed; the others go on, compressed on their way out.
  app.use(publicReads(app.get(PublicReadCache)));
  app.use(compression());
  app.setGlobalPrefix('api', { exclude: ['sitemap.xml', 'robots.txt'] });
  app.useGlobalFilters(new ApiExceptionFilter());
  setUpSessions(app, config, app.get<RevocableStore>(SESSION_STORE), app.get(PASSPORT));
  app.enableShutdownHooks();
  if (config.serveApps) {
    const pageStatus = app.get(PageStatus);
    serveFrontApps(app.getHttpAdapter().getInstance(), REPO_ROOT, config, (request) => pageStatus.of(request));
  }
  await app.init();
  // Most kept public reads are answered before Express even sees them (keptReadsFirst).
  const server = app.getHttpServer();
  const handler = app.getHttpAdapter().getInstance() as RequestListener;
  if (server.listeners('request').length !== 1 || server.listeners('request')[0] !== handler) throw new Error("Express is not the HTTP server's one request listener");
  server.removeListener('request', handler);
  server.on('request', keptReadsFirst(handler, app.get(PublicReadCache), json, config.publicUrl));
  return app;
}
