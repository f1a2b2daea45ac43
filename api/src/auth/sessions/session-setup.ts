import type { INestApplication } from '@nestjs/common';
import session from 'express-session';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Passport } from 'passport';
import type { AppConfig } from '../../config/config.js';
import type { RevocableStore } from './session-stores.js';

export const SESSION_COOKIE = 'hsa.sid';
/** A session ends after 30 minutes without a request (the spec's 'minutes:30')… */
export const SESSION_IDLE_MS = 30 * 60_000;
/** …and 12 hours after the login, whatever happens. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

declare module 'express-session' {
  interface SessionData {
    /** When the user logged in, for the absolute lifetime. */
    loginAt?: number;
    /** What the user's list of sessions calls it (« Firefox sur Linux »), from the login's User-Agent. */
    device?: string;
    /** The address the login came from. */
    ip?: string;
    /** The user's latest request, to the minute (ACTIVITY_STEP_MS). */
    lastSeenAt?: number;
  }
}

/** How stale a session's last activity may be: it is written at most this often, not at every request. */
export const ACTIVITY_STEP_MS = 60_000;

/** The calls an open page makes on its own, on a timer: not a sign that anybody is there. */
export const BACKGROUND_CALLS: ReadonlySet<string> = new Set(['/get-js-version', '/front-config', '/health']);

/** Where the secret made for the embedded default is kept. */
export const sessionSecretFile = (dataDir: string) => join(dataDir, 'session-secret');

/** The secret that signs cookies: configured, or made once and kept in the data folder. */
export function sessionSecret(config: AppConfig): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = sessionSecretFile(config.dataDir);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Past the absolute lifetime, a session forgets its user: the visitor must log in again. */
function absoluteLifetime(request: Request, _response: Response, next: NextFunction): void {
  const data = request.session as (typeof request.session & { passport?: { user?: unknown } }) | undefined;
  if (data?.passport?.user !== undefined && (!data.loginAt || Date.now() - data.loginAt > SESSION_ABSOLUTE_MS)) {
    delete data.passport;
    delete data.loginAt;
  }
  next();
}

/** Notes a logged-in session's activity, saving the session at most once per step. */
function lastActivity(request: Request, _response: Response, next: NextFunction): void {
  const now = Date.now();
  const seen = request.session?.lastSeenAt;
  if (request.user && (seen === undefined || now - seen >= ACTIVITY_STEP_MS)) request.session.lastSeenAt = now;
  next();
}

/** Server-side sessions behind an httpOnly, SameSite cookie, and passport on top, for /api only. */
export function setUpSessions(
  app: INestApplication,
  config: AppConfig,
  store: RevocableStore,
  passport: InstanceType<typeof Passport>,
): void {
  const stack: RequestHandler[] = [
    session({
      name: SESSION_COOKIE,
      secret: sessionSecret(config),
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: SESSION_IDLE_MS, path: '/' },
    }),
    absoluteLifetime,
    passport.initialize(),
    passport.session(),
    lastActivity,
  ];
  // Calls a page makes by itself never touch the session, so a tab left open is still idle.
  app.use('/api', ...stack.map((handler): RequestHandler => (request, response, next) =>
    BACKGROUND_CALLS.has(request.path) ? next() : handler(request, response, next)));
}
