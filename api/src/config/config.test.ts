import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const KEYS = `2026-a:${KEY_A}`;
/** What production needs besides, so that one missing setting is what a case tries. */
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:587', DOCUMENTS_KEYS: KEYS, CLAMAV_URL: 'tcp://clamav:3310' };

describe('configuration', () => {
  it('defaults to the embedded database, in-process jobs and demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, redisUrl: null, seedDemo: true, serveApps: false, runWorkers: true });
  });

  it('holds a running job 30 s unrenewed unless QUEUE_LOCK_MS says otherwise', () => {
    expect(loadConfig({}).queueLockMs).toBe(30_000);
    expect(loadConfig({ QUEUE_LOCK_MS: '5000' }).queueLockMs).toBe(5_000);
    expect(() => loadConfig({ QUEUE_LOCK_MS: '0' })).toThrow('QUEUE_LOCK_MS must be a whole number above 0 (got 0)');
  });

  it('prints and prerenders with CHROMIUM_PATH, else the headless shell where it is installed, else the full browser', () => {
    expect(loadConfig({ CHROMIUM_PATH: ' /opt/chromium/chrome ' }).chromiumPath).toBe('/opt/chromium/chrome');
    const installed = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].filter((path) => existsSync(path));
    expect(loadConfig({}).chromiumPath).toBe(installed[0] ?? '/usr/bin/chromium');
  });

  it('never seeds demo data into a server database, even when asked to', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/hsa', SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'postgres://localhost/db' }, 'DATABASE_URL must use mysql: or mariadb:'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL must use redis: or rediss:'],
    [{ SERVE_APPS: 'maybe' }, 'SERVE_APPS must be true or false'],
    [{ ...PRODUCTION, SESSION_SECRET: '' }, 'SESSION_SECRET is required in production'],
    [{ ...PRODUCTION, SMTP_URL: '' }, 'SMTP_URL is required in production'],
    [{ ...PRODUCTION, DOCUMENTS_KEYS: '' }, 'DOCUMENTS_KEYS is required in production'],
    [{ ...PRODUCTION, CLAMAV_URL: '' }, 'CLAMAV_URL is required (in production'],
    [{ CLAMAV_REQUIRED: 'true' }, 'CLAMAV_URL is required'],
    [{ ...PRODUCTION, CLAMAV_REQUIRED: 'perhaps' }, 'CLAMAV_REQUIRED must be true or false'],
    [{ DOCUMENTS_KEYS: KEY_A }, 'DOCUMENTS_KEYS entry 1 must be id:base64'],
    [{ DOCUMENTS_KEYS: `a b:${KEY_A}` }, 'DOCUMENTS_KEYS entry 1 must be id:base64'],
    [{ DOCUMENTS_KEYS: `k1:${KEY_A},k2:${Buffer.alloc(16).toString('base64')}` }, 'DOCUMENTS_KEYS key k2 must be 32 bytes in base64 (got 16 bytes)'],
    [{ DOCUMENTS_KEYS: 'k1:not*base64' }, 'DOCUMENTS_KEYS key k1 must be 32 bytes in base64'],
    [{ DOCUMENTS_KEYS: `k1:${KEY_A},k1:${KEY_B}` }, 'DOCUMENTS_KEYS names a key id twice'],
    [{ CLAMAV_URL: 'http://clamav:3310' }, 'CLAMAV_URL must use tcp:'],
    [{ CLAMAV_URL: 'tcp://clamav' }, 'CLAMAV_URL must be tcp://host:port'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
  ])('refuses %j at start', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the documents keys in order (the first encrypts) and clamd\'s address', () => {
    const config = loadConfig({ DOCUMENTS_KEYS: ` 2026-b:${KEY_B} , 2026-a:${KEY_A}`, CLAMAV_URL: 'tcp://clamav:3310' });
    expect(config.documentsKeys).toEqual([
      { id: '2026-b', key: Buffer.alloc(32, 2) },
      { id: '2026-a', key: Buffer.alloc(32, 1) },
    ]);
    expect(config.clamavUrl).toBe('tcp://clamav:3310');
    expect(loadConfig({})).toMatchObject({ documentsKeys: null, clamavUrl: null, clamavRequired: false });
  });

  it('starts in production without an antivirus only when told so', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ clamavUrl: 'tcp://clamav:3310', clamavRequired: true });
    expect(loadConfig({ ...PRODUCTION, CLAMAV_URL: '', CLAMAV_REQUIRED: 'false' })).toMatchObject({ clamavUrl: null, clamavRequired: false });
  });

  it('logs everything in production, errors and warnings elsewhere, or what LOG_LEVEL says', () => {
    expect(loadConfig(PRODUCTION).logLevels).toEqual(['error', 'warn', 'log']);
    expect(loadConfig({}).logLevels).toEqual(['error', 'warn']);
    expect(loadConfig({ LOG_LEVEL: 'error' }).logLevels).toEqual(['error']);
    expect(() => loadConfig({ LOG_LEVEL: 'debug' })).toThrow('LOG_LEVEL must be error, warn or log (got debug)');
  });
});
