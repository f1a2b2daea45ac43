// Listed explicitly: glob loading breaks under Vitest and in bundles.
import { ReferenceCommunes1795280200000 } from './1795280200000-reference-communes.js';
import { MariadbInit1795280192680 } from './mariadb/1795280192680-init.js';
import { SqliteInit1795280192249 } from './sqlite/1795280192249-init.js';

export const SQLITE_MIGRATIONS = [SqliteInit1795280192249, ReferenceCommunes1795280200000];
export const MARIADB_MIGRATIONS = [MariadbInit1795280192680, ReferenceCommunes1795280200000];
