import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildAuditEntries } from './1796050000000-audit-actions.js';

const ACTIONS = ['record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend', 'committee_review'];

/** The erasure journal, the warnings sent before a file's erasure (docs/data-protection.md), and staff's exports of a person's data in the audit trail. */
export class SqliteDataProtection1796400000000 implements MigrationInterface {
  name = 'DataProtection1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "erasures" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar(20) NOT NULL, "subjectId" integer NOT NULL, "what" varchar(20) NOT NULL, "rule" varchar(30) NOT NULL, "actorId" integer, "actorName" varchar(210) NOT NULL, "at" datetime NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_376e8077f50e34bea1954708f5" ON "erasures" ("at")`);
    await queryRunner.query(`CREATE INDEX "IDX_d8a28a9491e1fba2c902c8204a" ON "erasures" ("subject", "subjectId")`);
    await queryRunner.query(
      `CREATE TABLE "retention_warnings" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "rule" varchar(20) NOT NULL, "dueDay" varchar(10) NOT NULL, "daysBefore" integer NOT NULL, "sentAt" datetime NOT NULL, "recordId" integer NOT NULL, CONSTRAINT "UQ_7c2f3d3331b36bcaba76ff220fe" UNIQUE ("recordId", "rule", "dueDay", "daysBefore"), CONSTRAINT "FK_e61571757369ce5f7669d73f925" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    for (const statement of rebuildAuditEntries([...ACTIONS, 'data_export'])) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of rebuildAuditEntries(ACTIONS)) await queryRunner.query(statement);
    await queryRunner.query(`DROP TABLE "retention_warnings"`);
    await queryRunner.query(`DROP TABLE "erasures"`);
  }
}
