// The production shape on this machine, without a container engine: a MariaDB and a Redis of its own (the machine's
// servers, each on a data folder of the run, Redis with its append-only file as production keeps it), two API
// processes that only queue jobs, one queue worker, each front app as its own static server (Debian's nginx with
// deploy/nginx/static.conf) and the gateway in front (Debian's nginx with deploy/nginx/gateway.conf). The nginx files
// are the ones docker-compose.yml mounts, adapted by addresses only: ports, folders, and the upstreams' hosts.
//
//   npm run production                 (the gateway at http://127.0.0.1:4600/, the demo data; Ctrl-C stops all)
//   node scripts/production-shape.mjs --control 4690
//                                      (also a control server for the tests: GET /status, POST /<service>/<action>
//                                       with action start, stop, kill or restart; e2e/production/ uses it)
//   PRODUCTION_LOG_DIR=<folder>        each process's log (access logs included) in a file of its own there
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = join(import.meta.dirname, '..');
const NGINX = join(root, 'deploy', 'nginx');

/** The front apps, each its own static server; the shell answers every page path with its index.html. */
export const FRONT_APPS = [
  { name: 'shell', upstream: 'shell', spaFallback: '/index.html' },
  { name: 'mf-public', upstream: 'mf-public', spaFallback: '=404' },
  { name: 'mf-account', upstream: 'mf-account', spaFallback: '=404' },
  { name: 'mf-admin', upstream: 'mf-admin', spaFallback: '=404' },
  { name: 'mf-pdf', upstream: 'mf-pdf', spaFallback: '=404' },
];

/** The ports of a shape, from its base: the gateway on the base itself. */
export function portsOf(base) {
  return {
    gateway: base,
    mariadb: base + 1,
    redis: base + 2,
    api: [base + 10, base + 11],
    ...Object.fromEntries(FRONT_APPS.map((app, index) => [app.name, base + 20 + index])),
  };
}

/** A server's program: on PATH, or in /usr/sbin where Debian puts nginx and mariadbd. */
function binary(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return found || join('/usr/sbin', name);
}

/** Answers once something listens on the port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(test, what, timeoutMs = 60_000) {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const healthy = (port) => () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

/**
 * One process of the shape: started, stopped (SIGTERM, as a deployment does), killed (SIGKILL, as a crash) and started
 * again with the same command.
 */
class Service {
  constructor(name, { command, args, env = {}, port = null, ready, log }) {
    Object.assign(this, { name, command, args, env, port, ready, log });
    this.child = null;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    if (this.running) return;
    if (this.port && (await listening(this.port))) throw new Error(`${this.name}: port ${this.port} is taken (a shape left running?)`);
    const out = this.log ? ['ignore', 'pipe', 'pipe'] : 'ignore';
    this.child = spawn(this.command, this.args, { stdio: out, env: { ...process.env, ...this.env } });
    if (this.log) {
      this.child.stdout.on('data', (chunk) => this.log(this.name, chunk));
      this.child.stderr.on('data', (chunk) => this.log(this.name, chunk));
    }
    const child = this.child;
    await Promise.race([
      until(this.ready, this.name),
      once(child, 'exit').then(([code, signal]) => {
        throw new Error(`${this.name} stopped as it started (${signal ?? code})`);
      }),
    ]);
  }

  /** Stops the process, killed after 20 s if it has not stopped by then (an API whose database is gone can hang). */
  async stop(signal = 'SIGTERM') {
    if (!this.running) return;
    const exited = once(this.child, 'exit');
    this.child.kill(signal);
    const late = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(late);
  }

  kill() {
    return this.stop('SIGKILL');
  }

  async restart() {
    await this.stop();
    await this.start();
  }
}

/** nginx's main file, as the nginx image has it (deploy files go in its http block), with the run's own folders. */
function nginxMain(folder, site) {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(folder, temp), { recursive: true });
  const main = join(folder, 'nginx.conf');
  writeFileSync(
    main,
    [
      // The API writes its files for its own account (umask 077): the gateway reads the prerendered pages as it.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${join(folder, 'nginx.pid')};`,
      // To the process's own output, with the rest of its log (PRODUCTION_LOG_DIR keeps it).
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      '  keepalive_timeout 65;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(folder, temp)};`),
      `  include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  return main;
}

/** A deploy file with the run's addresses: the port it listens on, its folders, and the files it includes. */
function adapted(file, replacements) {
  let text = readFileSync(join(NGINX, file), 'utf8');
  for (const included of ['security-headers.conf', 'logging.conf']) text = text.replaceAll(`/etc/nginx/${included}`, join(NGINX, included));
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`${file} no longer holds « ${from} »: adapt scripts/production-shape.mjs`);
    text = text.replaceAll(from, to);
  }
  return text;
}

/**
 * One nginx of the shape. Its access log goes to a file (`<name>-access.log` in `logDir`, else its run folder):
 * the deploy files log to the container's stdout, which a process started here cannot open by its path.
 */
function nginxService(name, folder, site, port, log, logDir) {
  mkdirSync(folder, { recursive: true });
  const siteFile = join(folder, 'site.conf');
  const accessLog = logDir ? join(logDir, `${name}-access.log`) : join(folder, 'access.log');
  if (!site.includes('access_log /dev/stdout ')) throw new Error(`${name}'s site no longer logs to /dev/stdout: adapt scripts/production-shape.mjs`);
  writeFileSync(siteFile, site.replaceAll('access_log /dev/stdout ', `access_log ${accessLog} `));
  const main = nginxMain(folder, siteFile);
  const test = spawnSync(binary('nginx'), ['-t', '-q', '-p', folder, '-c', main], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refuses ${name}'s configuration: ${test.stderr}`);
  return new Service(name, { command: binary('nginx'), args: ['-p', folder, '-c', main, '-g', 'daemon off;'], port, ready: () => listening(port), log });
}

/**
 * The environment of the shape's API processes and worker: the compose file's (`x-api`), with this machine's addresses
 * (scripts/production-shape.test.mjs holds the two together).
 */
export function productionEnv({ origin, dataDir, mariadbPort, redisPort, smtpPort }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `mysql://root@127.0.0.1:${mariadbPort}/hsa`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DOCUMENTS_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PUBLIC_URL: origin,
    FRONT_ORIGIN: origin,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Plain HTTP on this machine: TLS ends in front of the gateway in production.
    COOKIE_SECURE: 'false',
    // The gateway is on the loopback: its X-Forwarded-For is the one trusted.
    TRUST_PROXY: 'loopback',
    // No clamd here: documents are kept marked « non analysé », as the embedded default does.
    CLAMAV_REQUIRED: 'false',
    CLAMAV_URL: '',
    PRERENDER: 'true',
    SERVE_APPS: 'false',
    // A job whose worker died is taken up again once its lock has lapsed: 5 s here, for the tests that kill it.
    QUEUE_LOCK_MS: '5000',
  };
}
/**
 * Starts the whole shape from the built apps (`npm run build` first), on ports from `base`, with e-mails sent to
 * `smtpPort` (a test's inbox; nothing need listen there). Answers the services by name, the gateway's origin and a
 * function that stops everything and removes the run's folders.
 */
export async function startProductionShape({ base = 4600, smtpPort = base + 5, log = null, logDir = null } = {}) {
  for (const app of ['api', ...FRONT_APPS.map((each) => each.name)]) {
    if (!existsSync(join(root, app, 'dist', '.build-stamp'))) throw new Error(`${app} is not built: run \`npm run build\` first`);
  }
  const ports = portsOf(base);
  const origin = `http://127.0.0.1:${ports.gateway}`;
  const run = mkdtempSync(join(tmpdir(), 'hsa-production-'));
  const dataDir = join(run, 'data');
  mkdirSync(dataDir);
  const services = new Map();
  const add = (service) => services.set(service.name, service);

  // MariaDB: the machine's server on a data folder of the run.
  const mariadbDir = join(run, 'mariadb');
  const install = spawnSync(binary('mariadb-install-db'), ['--no-defaults', `--datadir=${mariadbDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', `--user=${process.env.USER ?? 'root'}`], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  add(
    new Service('mariadb', {
      command: binary('mariadbd'),
      args: [
        '--no-defaults',
        `--datadir=${mariadbDir}`,
        `--port=${ports.mariadb}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(run, 'mariadb.sock')}`,
        `--pid-file=${join(run, 'mariadb.pid')}`,
        `--log-error=${join(run, 'mariadb.log')}`,
        ...(process.getuid?.() === 0 ? ['--user=root'] : []),
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
      ],
      port: ports.mariadb,
      ready: () => listening(ports.mariadb),
      log,
    }),
  );
  // Redis: the machine's server, keeping queues and sessions in its append-only file, as production must.
  const redisDir = join(run, 'redis');
  mkdirSync(redisDir);
  add(
    new Service('redis', {
      command: binary('redis-server'),
      args: ['--port', String(ports.redis), '--bind', '127.0.0.1', '--dir', redisDir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no'],
      port: ports.redis,
      ready: () => listening(ports.redis),
      log,
    }),
  );

  const env = productionEnv({ origin, dataDir, mariadbPort: ports.mariadb, redisPort: ports.redis, smtpPort });

  for (const [index, port] of ports.api.entries()) {
    add(new Service(`api-${index + 1}`, { command: process.execPath, args: [join(root, 'api', 'dist', 'main.js')], env: { ...env, PORT: String(port), RUN_WORKERS: 'false' }, port, ready: healthy(port), log }));
  }
  // Each front app's deployed files, a copy of its build: a deployment changes them, never the build.
  const staticDir = join(run, 'static');
  for (const app of FRONT_APPS) {
    const port = ports[app.name];
    cpSync(join(root, app.name, 'dist'), join(staticDir, app.name), { recursive: true });
    const site = adapted('static.conf', [
      ['listen 80;', `listen 127.0.0.1:${port};`],
      ['root /usr/share/nginx/html;', `root ${join(staticDir, app.name)};`],
      ['${SPA_FALLBACK}', app.spaFallback],
    ]);
    add(nginxService(app.name, join(run, 'nginx', app.name), site, port, log, logDir));
  }
  const remotesFile = join(run, 'remotes.json');
  cpSync(join(root, 'deploy', 'remotes.json'), remotesFile);
  const upstreams = FRONT_APPS.map((app) => `upstream ${app.upstream} { server 127.0.0.1:${ports[app.name]}; }`).join('\n');
  const gateway = adapted('gateway.conf', [
    ['  server api:3000;', ports.api.map((port) => `  server 127.0.0.1:${port};`).join('\n')],
    ['upstream api {', `${upstreams}\nupstream api {`],
    ['listen 80;', `listen 127.0.0.1:${ports.gateway};`],
    ['/etc/nginx/remotes.json', remotesFile],
    ['/data/prerender', join(dataDir, 'prerender')],
  ]);
  add(nginxService('gateway', join(run, 'nginx', 'gateway'), gateway, ports.gateway, log, logDir));
  // Last: its jobs (the prerendering first) go through the gateway.
  // The worker has no HTTP: it is ready once it says so.
  const worker = new Service('worker', { command: process.execPath, args: [join(root, 'api', 'dist', 'worker.js')], env: { ...env, RUN_WORKERS: 'true' }, log });
  worker.ready = () => Promise.resolve(worker.started === true);
  worker.log = (name, chunk) => {
    if (String(chunk).includes('queue worker started')) worker.started = true;
    log?.(name, chunk);
  };
  const startWorker = worker.start.bind(worker);
  worker.start = () => {
    worker.started = false;
    return startWorker();
  };
  add(worker);


  const stopAll = async () => {
    for (const service of [...services.values()].reverse()) await service.stop().catch(() => {});
    rmSync(run, { recursive: true, force: true });
  };
  try {
    await services.get('mariadb').start();
    const created = spawnSync(binary('mariadb'), ['--protocol=tcp', '-h', '127.0.0.1', '-P', String(ports.mariadb), '-uroot', '-e', 'CREATE DATABASE IF NOT EXISTS hsa'], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`could not create the database: ${created.stderr}`);
    await services.get('redis').start();
    // The demo data, loaded as `npm run seed` does into a new database (the first API process then finds it migrated).
    const seed = spawnSync(process.execPath, [join(root, 'api', 'dist', 'seed', 'seed-cli.js')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env, NODE_ENV: 'development', DEMO_HISTORY: 'false' },
    });
    if (seed.status !== 0) throw new Error(`the demo data could not be loaded: ${seed.stderr || seed.stdout}`);
    for (const service of services.values()) if (!['mariadb', 'redis'].includes(service.name)) await service.start();
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { origin, ports, dataDir, staticDir, remotesFile, services, stop: stopAll };
}

/** The control server of a running shape, for tests on another process: GET /status, POST /<service>/<action>. */
function control(shape, port) {
  const server = createServer(async (request, response) => {
    const [, name, action] = new URL(request.url, 'http://control').pathname.split('/');
    const answer = (status, body) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && name === 'status') {
      const each = (read) => Object.fromEntries([...shape.services].map(([key, service]) => [key, read(service)]));
      return answer(200, {
        origin: shape.origin,
        ports: shape.ports,
        dataDir: shape.dataDir,
        staticDir: shape.staticDir,
        remotesFile: shape.remotesFile,
        running: each((service) => service.running),
        pids: each((service) => (service.running ? service.child.pid : null)),
      });
    }
    const service = shape.services.get(name);
    if (request.method !== 'POST' || !service || !['start', 'stop', 'kill', 'restart'].includes(action)) return answer(404, { error: 'unknown' });
    try {
      await service[action]();
      answer(200, { [name]: service.running });
    } catch (error) {
      answer(500, { error: String(error) });
    }
  });
  server.listen(port, '127.0.0.1');
  return server;
}

if (process.argv[1] === import.meta.filename) {
  const controlAt = process.argv.indexOf('--control');
  const base = Number(process.env.PRODUCTION_PORT ?? 4600);
  const verbose = process.env.PRODUCTION_LOG === 'true';
  // PRODUCTION_LOG_DIR: every process's output (the APIs', the worker's, each nginx's access and error log) in a file
  // of its own there, as a log collector would keep it; the production suite reads them for personal data.
  const logDir = process.env.PRODUCTION_LOG_DIR;
  if (logDir) {
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
  }
  const log = logDir ? (name, chunk) => appendFileSync(join(logDir, `${name}.log`), chunk) : verbose ? (name, chunk) => process.stdout.write(`[${name}] ${chunk}`) : null;
  const shape = await startProductionShape({ base, smtpPort: Number(process.env.PRODUCTION_SMTP_PORT ?? base + 5), log, logDir });
  const server = controlAt > 0 ? control(shape, Number(process.argv[controlAt + 1])) : null;
  console.log(`The production shape runs: ${shape.origin}/ (the demo accounts, password Demo-2026-lli). Ctrl-C stops it.`);
  const end = async () => {
    server?.close();
    await shape.stop();
    process.exit(0);
  };
  // A second signal while stopping (a supervisor's, after the terminal's) must not leave the servers behind.
  let ending = null;
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (ending ??= end()));
}
