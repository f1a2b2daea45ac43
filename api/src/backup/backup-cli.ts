import 'reflect-metadata';
import { resolve } from 'node:path';
import { ConfigError, keepFilesPrivate, loadConfig } from '../config/config.js';
import { backUp, check, readManifest, removeOldBackups, restore } from './backup.js';

// `npm run backup -- <folder> [--keys <folder>]` and `npm run restore -- <backup> [--keys <folder>]`, on the database and
// data folder of the usual environment variables (DATABASE_URL, DATA_DIR, DOCUMENTS_KEYS).
const [command, target, ...options] = process.argv.slice(2);
const keysAt = options.indexOf('--keys');
const keys = keysAt >= 0 && options[keysAt + 1] ? resolve(options[keysAt + 1]!) : null;

try {
  if ((command !== 'backup' && command !== 'restore') || !target || (keysAt >= 0 && !keys)) {
    throw new ConfigError('usage: npm run backup -- <folder> [--keys <folder>] | npm run restore -- <backup folder> [--keys <keys folder>]');
  }
  const config = loadConfig();
  keepFilesPrivate();
  if (command === 'backup') {
    const made = await backUp(config, resolve(target), keys);
    console.log(`Backup written: ${made}`);
    for (const removed of await removeOldBackups([resolve(target), keys], config.retentionBackupDays, new Date(), made)) {
      console.log(`Older than ${config.retentionBackupDays} days (RETENTION_BACKUP_DAYS), removed: ${removed}`);
    }
    if ((await readManifest(made)).keys_apart) console.log(`Keys written apart, under ${keys}: keep them somewhere else than the backup.`);
    else if (!config.documentsKeys && keys === null) console.log('The documents key of the embedded default is not in the backup (--keys <folder> writes it apart): without it, the documents cannot be read back.');
  } else {
    await restore(config, resolve(target), keys);
    const found = await check(config);
    console.log(`Restored into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ${found.documents} documents, ${found.files} encrypted files read back.`);
    for (const problem of found.unreadable) console.error(`  unreadable: ${problem}`);
    if (found.unreadable.length > 0) process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `The ${command ?? 'backup'} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
