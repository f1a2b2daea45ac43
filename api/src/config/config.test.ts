import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded database, in-process jobs and demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, redisUrl: null, seedDemo: true, serveApps: false, runWorkers: true });
  });

  it('never seeds demo data into a server database, even when asked to', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/hsa', SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:587' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'postgres://localhost/db' }, 'DATABASE_URL must use mysql: or mariadb:'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL must use redis: or rediss:'],
    [{ SERVE_APPS: 'maybe' }, 'SERVE_APPS must be true or false'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' }, 'SESSION_SECRET is required in production'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, 'SMTP_URL is required in production'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
  ])('refuses %j at start', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
