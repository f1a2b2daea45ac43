import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { productionEnv } from './production-shape.mjs';

const root = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });

/** What the shape on this machine sets that the compose file does not, and why. */
const SHAPE_ONLY = {
  CLAMAV_REQUIRED: 'no clamd here: documents are kept « non analysé », as the embedded default does',
  SERVE_APPS: 'said explicitly; false is the API’s default',
  QUEUE_LOCK_MS: '5 s, for the tests that kill the worker; the compose file keeps the default',
};
/** What the compose file sets that the shape leaves to the API's default. */
const COMPOSE_ONLY = {
  ANALYTICS_URL: 'no audience measurement here',
  STAFF_EMAIL: 'the default address',
};

describe('the production shape on this machine', () => {
  const shape = productionEnv({ origin: 'http://127.0.0.1:4600', dataDir: '/tmp/data', mariadbPort: 4601, redisPort: 4602, smtpPort: 4605 });

  it('gives the API and the worker the compose file’s variables, but for the differences it says', () => {
    for (const service of ['api', 'worker']) {
      const variables = Object.keys(compose.services[service].environment).filter((name) => name !== 'RUN_WORKERS' && name !== 'PORT');
      expect(variables.filter((name) => !(name in COMPOSE_ONLY)).sort(), service).toEqual(Object.keys(shape).filter((name) => !(name in SHAPE_ONLY)).sort());
    }
    expect(compose.services.api.environment.RUN_WORKERS).toBe('false');
    expect(compose.services.worker.environment.RUN_WORKERS).toBe('true');
    expect(shape.NODE_ENV).toBe(compose.services.api.environment.NODE_ENV);
  });

  it('serves the nginx files the compose file and the front image use', () => {
    const gateway = compose.services.gateway.volumes.map((volume) => volume.split(':')[0]);
    expect(gateway).toEqual(expect.arrayContaining(['./deploy/nginx/gateway.conf', './deploy/nginx/security-headers.conf', './deploy/remotes.json']));
    const image = readFileSync(join(root, 'deploy', 'front.Dockerfile'), 'utf8');
    expect(image).toContain('COPY deploy/nginx/static.conf ');
    expect(image).toContain('COPY deploy/nginx/security-headers.conf ');
    const script = readFileSync(join(root, 'scripts', 'production-shape.mjs'), 'utf8');
    for (const file of ["adapted('static.conf'", "adapted('gateway.conf'", "'security-headers.conf'", "'deploy', 'remotes.json'"]) expect(script).toContain(file);
  });
});
