import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PAGE_CATALOGUE } from '@hsa-lli/common/domain';
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
    expect(gateway).toEqual(expect.arrayContaining(['./deploy/nginx/gateway.conf', './deploy/nginx/security-headers.conf', './deploy/nginx/logging.conf', './deploy/remotes.json']));
    const image = readFileSync(join(root, 'deploy', 'front.Dockerfile'), 'utf8');
    expect(image).toContain('COPY deploy/nginx/static.conf ');
    expect(image).toContain('COPY deploy/nginx/security-headers.conf ');
    expect(image).toContain('COPY deploy/nginx/logging.conf ');
    const script = readFileSync(join(root, 'scripts', 'production-shape.mjs'), 'utf8');
    for (const file of ["adapted('static.conf'", "adapted('gateway.conf'", "'security-headers.conf', 'logging.conf'", "'deploy', 'remotes.json'"]) expect(script).toContain(file);
  });
});

describe('the access logs of the gateway and the front apps’ servers', () => {
  const logging = readFileSync(join(root, 'deploy', 'nginx', 'logging.conf'), 'utf8');
  /** The maps' regular expressions (nginx's PCRE, the same as JavaScript's for these) and what each writes instead. */
  const rules = (variable) =>
    [...logging.slice(logging.indexOf(`map ${variable} `)).split('\n}')[0].matchAll(/^\s*"~(.+)" "(.+)";$/gm)].map(([, pattern, logged]) => ({ pattern: new RegExp(pattern), logged }));
  const logged = (variable, value) => {
    const rule = rules(variable).find(({ pattern }) => pattern.test(value));
    return rule ? rule.logged.replace('${page}', value.match(rule.pattern).groups.page) : value;
  };

  it('keep the secret of every page whose address holds one out of the request line and the Referer', () => {
    const secret = 'Zk3_SECRET-of-43-characters-made-for-this-x';
    const pages = PAGE_CATALOGUE.filter((page) => page.pattern.split('/').includes('[token]'));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const { pattern } of pages) {
      const path = pattern.replace('[token]', secret).replace(/\[[a-z_]+\]/g, '12');
      expect(logged('$request_uri', `${path}?retour=1`)).not.toContain(secret);
      expect(logged('$request_uri', path)).toContain('[secret]');
      expect(logged('$http_referer', `https://hsa-lli.fr${path}`)).not.toContain(secret);
    }
    // An alert's one-click unsubscribe (RFC 8058) is a call whose address holds the alert's secret.
    expect(logged('$request_uri', `/api/front/alerts/one-click/${secret}`)).toBe('/api/front/alerts/one-click/[secret]');
    for (const path of ['/residences/arrosa-bayonne', '/mes-identifiants', '/deversement-de-pieces']) expect(logged('$request_uri', path)).toBe(path);
  });
});

