import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Settings read from the environment once, at start; a bad value stops the process with its reason. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** MariaDB/MySQL URL; when absent the API keeps its data in SQLite under dataDir. */
  databaseUrl: string | null;
  /** Redis URL for queues (and sessions); when absent jobs run in-process. */
  redisUrl: string | null;
  /** Prefix of every Redis key of the queues, so that several deployments or test runs can share a server. */
  queuePrefix: string;
  /**
   * How long a worker's hold on a running job lasts unrenewed (BullMQ's lock, renewed at half of it while the job runs):
   * the job of a worker that died is taken over by another within about twice this.
   */
  queueLockMs: number;
  /** Serve the built front apps from this process (one-origin mode of `npm start`). */
  serveApps: boolean;
  /** Run the queue processors in this process. A dedicated worker sets it on, API replicas off. */
  runWorkers: boolean;
  /** Load the demo data when the embedded database is created (never into DATABASE_URL's). */
  seedDemo: boolean;
  /** With the demo data, a year of past files and their follow-up, for the dashboard and the lists. */
  demoHistory: boolean;
  /** A remotes.json file that replaces the default one, for deployments where a remote lives elsewhere. */
  remotesFile: string | null;
  /** The address visitors use, for links in e-mails. */
  publicUrl: string;
  /** SMTP server for e-mails; without it they are written as .eml files under dataDir/mail. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where contact requests are announced to the staff. */
  staffEmail: string;
  /** Signs the session cookie; generated once and kept in dataDir when not given (never in production). */
  sessionSecret: string | null;
  /** Send the session cookie over HTTPS only. */
  cookieSecure: boolean;
  /** Which proxies to trust for the client's address (Express `trust proxy`). */
  trustProxy: string;
  /** Audience-measurement script, loaded only with the visitor's consent and never on localhost. */
  analyticsUrl: string | null;
  /** Render the public pages in Chromium and serve that HTML first (on by default where the API serves the apps). */
  prerender: boolean;
  /** Chromium for prerendering and PDF printing. */
  chromiumPath: string;
  /** Without a Chromium at chromiumPath, use the one the @sparticuz/chromium package carries. */
  chromiumFromNpm: boolean;
  /** Where the API reads the deployed front apps to tell their version, when it does not serve them itself. */
  frontOrigin: string | null;
  /** clamd (`tcp://host:port`) that scans every uploaded document; without it documents are kept « non analysé ». */
  clamavUrl: string | null;
  /**
   * Whether the process may start without clamd (CLAMAV_REQUIRED=false): never in production by default, where
   * documents kept unscanned would be an accident.
   */
  clamavRequired: boolean;
  /** Application files a staff member may consult in 24 hours before an administrator must allow more. */
  recordViewsPerDay: number;
  /** Days a backup is kept by `npm run backup`, which removes older ones from its folder (RETENTION_BACKUP_DAYS). */
  retentionBackupDays: number;
  /** How long each kind of personal data is kept (docs/data-protection.md, one variable per row). */
  retention: RetentionDelays;
  /**
   * Keys of the private documents (AES-256-GCM): the first encrypts, all decrypt, so that a key can be rotated.
   * Null: one key made once and kept under dataDir/secrets (never in production).
   */
  documentsKeys: DocumentKey[] | null;
  /** The share of a committee session's members who must have given a recommendation for it to close (0 to 1]. */
  committeeQuorum: number;
  /** Days an applicant has to answer the offer of a good before silence counts as a refusal. */
  offerAnswerDays: number;
  production: boolean;
  /** What the API's log keeps: errors, then warnings, then what it did (LOG_LEVEL: error, warn or log). */
  logLevels: ('error' | 'warn' | 'log')[];
}

export class ConfigError extends Error {}

/** A key of the private documents, named by the id each encrypted file carries. */
export interface DocumentKey {
  id: string;
  key: Buffer;
}

/** A key id as files carry it (and the `keyId` column holds, 40 characters at most). */
export const DOCUMENT_KEY_ID = /^[A-Za-z0-9_-]{1,40}$/;

type Env = Record<string, string | undefined>;

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${url.protocol})`);
  }
  return raw;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got ${env[name]})`);
}

/**
 * The delays of docs/data-protection.md, each from its own variable: a file's documents after its last activity, the
 * rest of it once they are gone, a closed file, a signed lease's documents and file, contact requests, unused
 * invitations, used links, the exports, printed PDFs and e-mail files, and the audit trail.
 */
export interface RetentionDelays {
  inactiveDocumentsDays: number;
  inactiveFileMonths: number;
  /** Days before an inactive file's erasure at which its applicant is warned, the earliest first. */
  inactiveWarnDays: number[];
  closedFileDays: number;
  closedWarnDays: number;
  leaseDocumentsDays: number;
  afterLeavingYears: number;
  contactYears: number;
  unusedInvitationDays: number;
  tokensDays: number;
  exportMinutes: number;
  printedPdfHours: number;
  mailFilesDays: number;
  auditDays: number;
  erasureLogYears: number;
}

function readRetention(env: Env): RetentionDelays {
  return {
    inactiveDocumentsDays: readCount(env, 'RETENTION_INACTIVE_DOCUMENTS_DAYS', 90),
    inactiveFileMonths: readCount(env, 'RETENTION_INACTIVE_FILE_MONTHS', 12),
    inactiveWarnDays: readCounts(env, 'RETENTION_INACTIVE_WARN_DAYS', [30, 7]),
    closedFileDays: readCount(env, 'RETENTION_CLOSED_FILE_DAYS', 90),
    closedWarnDays: readCount(env, 'RETENTION_CLOSED_WARN_DAYS', 7),
    leaseDocumentsDays: readCount(env, 'RETENTION_LEASE_DOCUMENTS_DAYS', 90),
    afterLeavingYears: readCount(env, 'RETENTION_AFTER_LEAVING_YEARS', 3),
    contactYears: readCount(env, 'RETENTION_CONTACT_YEARS', 3),
    unusedInvitationDays: readCount(env, 'RETENTION_UNUSED_INVITATION_DAYS', 30),
    tokensDays: readCount(env, 'RETENTION_TOKENS_DAYS', 90),
    exportMinutes: readCount(env, 'RETENTION_EXPORT_MINUTES', 60),
    printedPdfHours: readCount(env, 'RETENTION_PRINTED_PDF_HOURS', 24),
    mailFilesDays: readCount(env, 'RETENTION_MAIL_FILES_DAYS', 7),
    auditDays: readCount(env, 'RETENTION_AUDIT_DAYS', 365),
    erasureLogYears: readCount(env, 'RETENTION_ERASURE_LOG_YEARS', 3),
  };
}

/** A list of whole numbers above 0, such as `30,7`, given from the largest down. */
function readCounts(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const counts = raw.split(',').map((part) => part.trim());
  if (!counts.every((part) => /^[1-9]\d{0,6}$/.test(part))) throw new ConfigError(`${name} must be whole numbers above 0 separated by commas, such as 30,7 (got ${raw})`);
  return counts.map(Number).sort((a, b) => b - a);
}

function readCount(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw new ConfigError(`${name} must be a whole number above 0 (got ${raw})`);
  return Number(raw);
}

/** A share, above 0 and at most 1 (`0.5`, `2/3` written as `0.667`). */
function readShare(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const share = Number(raw);
  if (!/^(0?\.\d+|1(\.0+)?)$/.test(raw) || share <= 0) throw new ConfigError(`${name} must be a share above 0 and at most 1, such as 0.5 (got ${raw})`);
  return share;
}

function readPort(env: Env): number {
  const raw = env.PORT?.trim() || '3000';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number (got ${raw})`);
  }
  return port;
}

function readSecret(env: Env, production: boolean): string | null {
  const secret = env.SESSION_SECRET?.trim();
  if (secret && secret.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
  if (!secret && production) throw new ConfigError('SESSION_SECRET is required in production');
  return secret || null;
}

function readClamavUrl(env: Env, required: boolean): string | null {
  const raw = readUrl(env, 'CLAMAV_URL', ['tcp:']);
  if (raw === null && required) {
    throw new ConfigError(
      'CLAMAV_URL is required (in production, or with CLAMAV_REQUIRED=true): applicants’ documents are scanned by clamd before they are kept (tcp://host:port; CLAMAV_REQUIRED=false starts without an antivirus, documents then marked « non analysé »)',
    );
  }
  if (raw === null) return null;
  const url = new URL(raw);
  if (!url.hostname || !url.port || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(`CLAMAV_URL must be tcp://host:port (got ${raw})`);
  }
  return raw;
}

/**
 * CHROMIUM_PATH, else Chromium's headless shell (Debian's chromium-headless-shell, what @sparticuz/chromium carries too):
 * the engine without the browser's windows and tab strip, all that printing and prerendering need, and about a third
 * lighter to run than the full browser, the one used where the shell is not installed.
 */
export function chromiumPathFrom(env: Env): string {
  const chosen = env.CHROMIUM_PATH?.trim();
  if (chosen) return chosen;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
}

/** `id:base64,id:base64`: each key 32 bytes, each id unique. */
function readDocumentKeys(env: Env, production: boolean): DocumentKey[] | null {
  const raw = env.DOCUMENTS_KEYS?.trim();
  if (!raw) {
    if (production) throw new ConfigError('DOCUMENTS_KEYS is required in production (id:base64 of 32 random bytes, e.g. `echo "k1:$(openssl rand -base64 32)"`)');
    return null;
  }
  const keys = raw.split(',').map((entry, index) => {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, Math.max(separator, 0)).trim();
    const encoded = entry.slice(separator + 1).trim();
    if (separator < 0 || !DOCUMENT_KEY_ID.test(id)) {
      throw new ConfigError(`DOCUMENTS_KEYS entry ${index + 1} must be id:base64, the id made of letters, digits, - and _ (40 at most)`);
    }
    const key = Buffer.from(encoded, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || key.length !== 32) {
      throw new ConfigError(`DOCUMENTS_KEYS key ${id} must be 32 bytes in base64 (got ${key.length} bytes)`);
    }
    return { id, key };
  });
  const ids = new Set(keys.map((key) => key.id));
  if (ids.size !== keys.length) throw new ConfigError('DOCUMENTS_KEYS names a key id twice');
  return keys;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['mysql:', 'mariadb:']);
  const production = env.NODE_ENV === 'production';
  const port = readPort(env);
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  // Without a mail server, e-mails (and the single-use links in them) would be written to disk.
  if (!smtpUrl && production) throw new ConfigError('SMTP_URL is required in production');
  const clamavRequired = readBoolean(env, 'CLAMAV_REQUIRED', production);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    queuePrefix: env.QUEUE_PREFIX?.trim() || 'hsa-lli',
    queueLockMs: readCount(env, 'QUEUE_LOCK_MS', 30_000),
    serveApps: readBoolean(env, 'SERVE_APPS', false),
    runWorkers: readBoolean(env, 'RUN_WORKERS', true),
    // Demo data never goes silently into a server database: only a new embedded one may get it.
    seedDemo: databaseUrl === null && readBoolean(env, 'SEED_DEMO', !production),
    demoHistory: readBoolean(env, 'DEMO_HISTORY', true),
    remotesFile: env.REMOTES_FILE?.trim() ? resolve(env.REMOTES_FILE.trim()) : null,
    publicUrl: (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'HSA Logement intermédiaire <ne-pas-repondre@hsa-lli.fr>',
    staffEmail: env.STAFF_EMAIL?.trim() || 'contact@hsa-lli.fr',
    sessionSecret: readSecret(env, production),
    cookieSecure: readBoolean(env, 'COOKIE_SECURE', production),
    trustProxy: env.TRUST_PROXY?.trim() || 'loopback',
    analyticsUrl: readUrl(env, 'ANALYTICS_URL', ['http:', 'https:']),
    frontOrigin: readUrl(env, 'FRONT_ORIGIN', ['http:', 'https:']),
    clamavUrl: readClamavUrl(env, clamavRequired),
    clamavRequired,
    recordViewsPerDay: readCount(env, 'RECORD_VIEWS_PER_DAY', 200),
    retentionBackupDays: readCount(env, 'RETENTION_BACKUP_DAYS', 30),
    retention: readRetention(env),
    documentsKeys: readDocumentKeys(env, production),
    committeeQuorum: readShare(env, 'COMMITTEE_QUORUM', 0.5),
    offerAnswerDays: readCount(env, 'OFFER_ANSWER_DAYS', 10),
    prerender: readBoolean(env, 'PRERENDER', readBoolean(env, 'SERVE_APPS', false)),
    chromiumPath: chromiumPathFrom(env),
    chromiumFromNpm: readBoolean(env, 'CHROMIUM_FROM_NPM', true),
    production,
    logLevels: readLogLevels(env, production),
  };
}

const LOG_LEVELS = ['error', 'warn', 'log'] as const;

/** LOG_LEVEL and the levels above it; by default everything in production, errors and warnings otherwise. */
function readLogLevels(env: Env, production: boolean): AppConfig['logLevels'] {
  const raw = env.LOG_LEVEL?.trim() || (production ? 'log' : 'warn');
  const index = LOG_LEVELS.indexOf(raw as (typeof LOG_LEVELS)[number]);
  if (index < 0) throw new ConfigError(`LOG_LEVEL must be error, warn or log (got ${raw})`);
  return LOG_LEVELS.slice(0, index + 1);
}

/**
 * Everything this process writes under DATA_DIR (database, e-mails, files, secrets) is readable by
 * its own account only. Called before anything is written.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}
