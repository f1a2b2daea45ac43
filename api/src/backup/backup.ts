import Database from 'better-sqlite3';
import { chmod, copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { dataSourceOptions, dialectOf, openDataSource, type Dialect } from '../database/data-source.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { sessionSecretFile } from '../auth/sessions/session-setup.js';
import { imagesDir } from '../images/images.service.js';
import { APP_VERSION } from '../version/version.service.js';
import { defaultKeyFile, loadKeyring } from '../vault/keyring.js';
import { decryptFrom } from '../vault/encrypted-files.js';
import { documentsDir } from '../vault/vault.service.js';
import { dumpMariadb, loadMariadb } from './mariadb-dump.js';

/** What a backup holds, written beside it as manifest.json. */
export interface BackupManifest {
  format: 1;
  made_at: string;
  app_version: string;
  dialect: Dialect;
  /** The database, in the backup's folder: SQLite's file, or MariaDB's statements. */
  database: string;
  /** The folders of DATA_DIR copied under data/: the encrypted documents and the pictures. */
  folders: string[];
  files: number;
  /** Whether the documents' key was written to a keys folder of its own (the embedded default's), never beside the data. */
  keys_apart: boolean;
}

/** What restoring and checking found: the database's rows and files, and any document that cannot be read back. */
export interface BackupCheck {
  documents: number;
  files: number;
  unreadable: string[];
}

const SQLITE_FILE = 'database.sqlite';
const MARIADB_FILE = 'database.sql';

/** The folders of DATA_DIR a backup keeps, relative to it. Everything else there is made again, or only passes through. */
function keptFolders(dataDir: string): string[] {
  return [documentsDir(dataDir), imagesDir(dataDir)].map((folder) => relative(dataDir, folder));
}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..+/, 'Z');

/** Every file under a folder, relative to it; none when it does not exist. */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** Copies files from one folder to another, keeping their relative paths, readable by this account only. */
async function copyFiles(from: string, to: string, names: Iterable<string>): Promise<number> {
  let count = 0;
  for (const name of names) {
    const target = join(to, name);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(join(from, name), target);
    await chmod(target, 0o600);
    count += 1;
  }
  return count;
}

/**
 * Writes a consistent backup of the database and of the kept files into a new folder under `into`, and answers its
 * path. The files are first linked aside (same disk, instant), then the database is copied (SQLite's online backup, or
 * one MariaDB snapshot), then the files are copied: a document is written before its row, so every row of the copy
 * finds its file, even one deleted while the backup ran. The documents' key of the embedded default is written into
 * `keysInto` when given, never beside the data; DOCUMENTS_KEYS is the operator's to keep.
 */
export async function backUp(
  config: AppConfig,
  into: string,
  keysInto: string | null,
  /** What runs between the files' links and the database's copy: the tests send a document there. */
  { beforeDatabase }: { beforeDatabase?: () => Promise<void> } = {},
): Promise<string> {
  const madeAt = new Date();
  const folder = join(into, `hsa-lli-${stamp(madeAt)}`);
  if (existsSync(folder)) throw new Error(`${folder} exists already`);
  await mkdir(join(folder, 'data'), { recursive: true, mode: 0o700 });
  try {
    return await writeBackup(config, folder, madeAt, keysInto, beforeDatabase);
  } catch (error) {
    // Half a backup is never left to be taken for one.
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: AppConfig, folder: string, madeAt: Date, keysInto: string | null, beforeDatabase?: () => Promise<void>): Promise<string> {
  const dialect = dialectOf(config);
  const database = dialect === 'sqlite' ? SQLITE_FILE : MARIADB_FILE;
  const folders = keptFolders(config.dataDir);
  const staging = join(config.dataDir, `backup-${stamp(madeAt)}-${process.pid}`);
  let files = 0;
  try {
    // Linked before the database is read: the files its rows name, even if removed meanwhile.
    const linked = new Map<string, Set<string>>();
    for (const kept of folders) {
      const names = await filesUnder(join(config.dataDir, kept));
      for (const name of names) {
        await mkdir(dirname(join(staging, kept, name)), { recursive: true, mode: 0o700 });
        await link(join(config.dataDir, kept, name), join(staging, kept, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      linked.set(kept, new Set(await filesUnder(join(staging, kept))));
    }
    await beforeDatabase?.();
    if (dialect === 'sqlite') {
      const live = new Database(join(config.dataDir, 'hsa-lli.sqlite'), { readonly: true, fileMustExist: true });
      try {
        await live.backup(join(folder, database));
      } finally {
        live.close();
      }
    } else {
      await dumpMariadb(config.databaseUrl!, join(folder, database));
    }
    await chmod(join(folder, database), 0o600);
    for (const kept of folders) {
      const before = linked.get(kept)!;
      files += await copyFiles(join(staging, kept), join(folder, 'data', kept), before);
      // Written since the links were made: some of the database's rows may name them.
      const since = (await filesUnder(join(config.dataDir, kept))).filter((name) => !before.has(name));
      for (const name of since) {
        files += await copyFiles(join(config.dataDir, kept), join(folder, 'data', kept), [name]).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return 0;
          throw error;
        });
      }
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // The embedded default makes its key when it first needs it: a data folder without one has nothing encrypted yet.
  const keysApart = keysInto !== null && !config.documentsKeys && existsSync(defaultKeyFile(config.dataDir));
  if (keysApart) {
    const keys = join(keysInto, `hsa-lli-keys-${stamp(madeAt)}`);
    await mkdir(keys, { recursive: true, mode: 0o700 });
    await copyFile(defaultKeyFile(config.dataDir), join(keys, 'documents.key'));
    if (existsSync(sessionSecretFile(config.dataDir))) await copyFile(sessionSecretFile(config.dataDir), join(keys, 'session-secret'));
  }
  const manifest: BackupManifest = {
    format: 1,
    made_at: madeAt.toISOString(),
    app_version: APP_VERSION,
    dialect,
    database,
    folders,
    files,
    keys_apart: keysApart,
  };
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return folder;
}

const BACKUP_FOLDER = /^hsa-lli-(keys-)?(\d{8}T\d{6}Z)$/;

/** When a folder's name says it was made (`hsa-lli-20261128T213822Z`), or null for any other folder. */
function madeAtOf(name: string): Date | null {
  const stamped = BACKUP_FOLDER.exec(name)?.[2];
  return stamped ? new Date(stamped.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) : null;
}

/**
 * Removes the backups (and their keys folders) made more than `days` days before `now` from the folders given,
 * never the one just made: a backup holds what was erased since, and keeps it no longer than that. Answers what it
 * removed. Folders it did not name are left alone.
 */
export async function removeOldBackups(folders: (string | null)[], days: number, now: Date, kept: string): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of folders) {
    if (!folder || !existsSync(folder)) continue;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const madeAt = entry.isDirectory() ? madeAtOf(entry.name) : null;
      const path = join(folder, entry.name);
      if (!madeAt || path === kept || now.getTime() - madeAt.getTime() <= days * 86_400_000) continue;
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}

/** The backup's manifest, refused when it is not one. */
export async function readManifest(backup: string): Promise<BackupManifest> {
  const file = join(backup, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${backup} is not a backup: it holds no manifest.json`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${backup} is not a backup of this product (format ${String(manifest.format)})`);
  return manifest;
}

/**
 * Brings a backup into the configured database and data folder, both new: a database that holds tables, or a data
 * folder that holds a database or files, is refused rather than mixed with it. The documents' key comes from
 * `keysFrom` (a keys folder `backUp` wrote) or from DOCUMENTS_KEYS.
 */
export async function restore(config: AppConfig, backup: string, keysFrom: string | null): Promise<void> {
  const manifest = await readManifest(backup);
  const dialect = dialectOf(config);
  if (manifest.dialect !== dialect) throw new Error(`The backup is of a ${manifest.dialect} database; the configured one is ${dialect}`);
  if (manifest.keys_apart && !config.documentsKeys && !keysFrom) {
    throw new Error('The documents were encrypted with the key of the embedded default: give its keys folder (--keys <folder>)');
  }
  const sqliteFile = join(config.dataDir, 'hsa-lli.sqlite');
  for (const kept of manifest.folders) {
    if ((await filesUnder(join(config.dataDir, kept))).length > 0) throw new Error(`${join(config.dataDir, kept)} holds files already: restore into a new data folder`);
  }
  if (dialect === 'sqlite') {
    if (existsSync(sqliteFile)) throw new Error(`${sqliteFile} exists already: restore into a new data folder`);
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await copyFile(join(backup, manifest.database), sqliteFile);
    await chmod(sqliteFile, 0o600);
  } else {
    await loadMariadb(config.databaseUrl!, join(backup, manifest.database));
  }
  for (const kept of manifest.folders) {
    await copyFiles(join(backup, 'data', kept), join(config.dataDir, kept), await filesUnder(join(backup, 'data', kept)));
  }
  if (keysFrom && !config.documentsKeys) {
    await mkdir(dirname(defaultKeyFile(config.dataDir)), { recursive: true, mode: 0o700 });
    await copyFile(join(keysFrom, 'documents.key'), defaultKeyFile(config.dataDir));
    await chmod(defaultKeyFile(config.dataDir), 0o600);
    if (existsSync(join(keysFrom, 'session-secret'))) await copyFile(join(keysFrom, 'session-secret'), sessionSecretFile(config.dataDir));
  }
}

/**
 * Reads back what a restored instance holds: every document's row finds its file, and every file of the documents'
 * folder decrypts with the keys (its tag checked). Answers the counts and the names of what could not be read.
 */
export async function check(config: AppConfig): Promise<BackupCheck> {
  const folder = documentsDir(config.dataDir);
  const hasKey = Boolean(config.documentsKeys) || existsSync(defaultKeyFile(config.dataDir));
  const dataSource = await openDataSource(dataSourceOptions(config));
  try {
    const documents = await dataSource.getRepository(RecordDocument).find({ select: { id: true, storedName: true, watermarkedName: true } });
    const unreadable: string[] = [];
    const names = new Set(await filesUnder(folder));
    for (const document of documents) {
      if (!names.has(document.storedName)) unreadable.push(`document #${document.id}: ${document.storedName} missing`);
    }
    if (names.size > 0 && !hasKey) unreadable.push(`every file: no documents key, neither DOCUMENTS_KEYS nor ${defaultKeyFile(config.dataDir)}`);
    // Read only with a key there: the embedded default would otherwise make a new one, which opens nothing.
    const keyring = hasKey ? loadKeyring(config) : null;
    for (const name of keyring ? names : []) {
      if ((await stat(join(folder, name))).size === 0) unreadable.push(`${name}: empty`);
      else await decryptFrom(folder, keyring!, name).catch((error: Error) => unreadable.push(`${name}: ${error.message}`));
    }
    return { documents: documents.length, files: names.size, unreadable };
  } finally {
    await dataSource.destroy();
  }
}
