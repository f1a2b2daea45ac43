import type { MigrationInterface, QueryRunner } from 'typeorm';

const COLUMNS = '"id", "action", "recordId", "documentId", "actorId", "actorName", "actorRoles", "ip", "userAgent", "at"';

/** The audit trail's table with the check of its actions (SQLite changes a check by rebuilding its table, which nothing refers to). */
export function rebuildAuditEntries(actions: string[]): string[] {
  const listed = actions.map((action) => `'${action}'`).join(',');
  return [
    `CREATE TABLE "temporary_audit_entries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "action" varchar CHECK( "action" IN (${listed}) ) NOT NULL, "recordId" integer NOT NULL, "documentId" integer, "actorId" integer NOT NULL, "actorName" varchar(210) NOT NULL, "actorRoles" varchar(100) NOT NULL, "ip" varchar(45) NOT NULL, "userAgent" varchar(300) NOT NULL, "at" datetime NOT NULL DEFAULT (datetime('now')))`,
    `INSERT INTO "temporary_audit_entries"(${COLUMNS}) SELECT ${COLUMNS} FROM "audit_entries" WHERE "action" IN (${listed})`,
    `DROP TABLE "audit_entries"`,
    `ALTER TABLE "temporary_audit_entries" RENAME TO "audit_entries"`,
    `CREATE INDEX "IDX_e5887d28d8d84b3bab3723640e" ON "audit_entries" ("actorId", "at") `,
    `CREATE INDEX "IDX_52baf401f326175e8380304937" ON "audit_entries" ("recordId", "at") `,
  ];
}

/** Every staff call on one file is in the audit trail, each with what it did: more actions than a view and a read. */
export class SqliteAuditActions1796050000000 implements MigrationInterface {
  name = 'AuditActions1796050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of rebuildAuditEntries(['record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend'])) {
      await queryRunner.query(statement);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of rebuildAuditEntries(['record_view', 'document_read'])) await queryRunner.query(statement);
  }
}
