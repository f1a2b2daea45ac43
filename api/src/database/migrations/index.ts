// Listed explicitly: glob loading breaks under Vitest and in bundles.
import { ReferenceCommunes1795280200000 } from './1795280200000-reference-communes.js';
import { MariadbInit1795280192680 } from './mariadb/1795280192680-init.js';
import { MariadbSessions1795281553923 } from './mariadb/1795281553923-sessions.js';
import { MariadbSecurityBaseline1795296884299 } from './mariadb/1795296884299-security-baseline.js';
import { MariadbBackOffice1795307130884 } from './mariadb/1795307130884-back-office.js';
import { MariadbGoodsList1795308685870 } from './mariadb/1795308685870-goods-list.js';
import { MariadbCustomerSpace1795400000000 } from './mariadb/1795400000000-customer-space.js';
import { MariadbFollowUp1795500000000 } from './mariadb/1795500000000-follow-up.js';
import { MariadbRecordsList1795600000000 } from './mariadb/1795600000000-records-list.js';
import { MariadbRecordViews1795700000000 } from './mariadb/1795700000000-record-views.js';
import { MariadbRecordsListColumns1795800000000 } from './mariadb/1795800000000-records-list-columns.js';
import { MariadbRecordsListCovering1795800001000 } from './mariadb/1795800001000-records-list-covering.js';
import { MariadbRecordsStageEvents1795800002000 } from './mariadb/1795800002000-records-stage-events.js';
import { SqliteInit1795280192249 } from './sqlite/1795280192249-init.js';
import { SqliteBackOffice1795307120054 } from './sqlite/1795307120054-back-office.js';
import { SqliteGoodsList1795308685870 } from './sqlite/1795308685870-goods-list.js';
import { SqliteSessions1795281558595 } from './sqlite/1795281558595-sessions.js';
import { SqliteSecurityBaseline1795296884299 } from './sqlite/1795296884299-security-baseline.js';
import { SqliteCustomerSpace1795400000000 } from './sqlite/1795400000000-customer-space.js';
import { SqliteFollowUp1795500000000 } from './sqlite/1795500000000-follow-up.js';
import { SqliteRecordsList1795600000000 } from './sqlite/1795600000000-records-list.js';
import { SqliteRecordViews1795700000000 } from './sqlite/1795700000000-record-views.js';
import { SqliteRecordsListColumns1795800000000 } from './sqlite/1795800000000-records-list-columns.js';
import { SqliteRecordsListCovering1795800001000 } from './sqlite/1795800001000-records-list-covering.js';
import { SqliteRecordsStageEvents1795800002000 } from './sqlite/1795800002000-records-stage-events.js';

export const SQLITE_MIGRATIONS = [SqliteInit1795280192249, ReferenceCommunes1795280200000, SqliteSessions1795281558595, SqliteSecurityBaseline1795296884299, SqliteBackOffice1795307120054, SqliteGoodsList1795308685870, SqliteCustomerSpace1795400000000, SqliteFollowUp1795500000000, SqliteRecordsList1795600000000, SqliteRecordViews1795700000000, SqliteRecordsListColumns1795800000000, SqliteRecordsListCovering1795800001000, SqliteRecordsStageEvents1795800002000];
export const MARIADB_MIGRATIONS = [MariadbInit1795280192680, ReferenceCommunes1795280200000, MariadbSessions1795281553923, MariadbSecurityBaseline1795296884299, MariadbBackOffice1795307130884, MariadbGoodsList1795308685870, MariadbCustomerSpace1795400000000, MariadbFollowUp1795500000000, MariadbRecordsList1795600000000, MariadbRecordViews1795700000000, MariadbRecordsListColumns1795800000000, MariadbRecordsListCovering1795800001000, MariadbRecordsStageEvents1795800002000];
