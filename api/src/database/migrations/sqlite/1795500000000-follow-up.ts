import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Following files from first contact to signed lease: a file's stage (its former status had no use), the staff member
 * following it, its stage changes, follow-up events and private notes; a contact request read, completed, turned into a
 * file, and answered. Columns of records and contact requests are added in place (rebuilding a table others refer to
 * would cascade deletions through their foreign keys); the history table, which nothing refers to, is rebuilt for its
 * new subjects. The two new foreign keys are column constraints (the only kind ALTER TABLE adds): TypeORM's
 * migration:generate on SQLite proposes to rebuild those tables to write them as table constraints; leave that out of
 * a generated migration.
 */
export class SqliteFollowUp1795500000000 implements MigrationInterface {
  name = 'FollowUp1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "stage" varchar CHECK( "stage" IN ('in_progress','complete','under_review','committee','allocated','lease_signed','moved_in','refused','abandoned') ) NOT NULL DEFAULT ('in_progress')`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "stageChangedAt" datetime`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "followerId" integer CONSTRAINT "FK_12c6b82e3e1974e02da3c25fb9c" REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_forms" ADD COLUMN "readAt" datetime`);
    await queryRunner.query(`ALTER TABLE "contact_forms" ADD COLUMN "completedAt" datetime`);
    await queryRunner.query(`ALTER TABLE "contact_forms" ADD COLUMN "recordId" integer CONSTRAINT "FK_99b7188185715f5861a03dd689e" REFERENCES "records" ("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE TABLE "contact_replies" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "body" text NOT NULL, "authorId" integer, "authorName" varchar(210) NOT NULL, "sentAt" datetime NOT NULL DEFAULT (datetime('now')), "contactFormId" integer NOT NULL, CONSTRAINT "FK_4e530a2462ae7b3b0a2f3dd8046" FOREIGN KEY ("contactFormId") REFERENCES "contact_forms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE TABLE "record_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "type" varchar CHECK( "type" IN ('call','message','interview','visit','offer','refusal_by_applicant','refusal_by_provider','lease_signed','move_in','leaving') ) NOT NULL, "reason" varchar CHECK( "reason" IN ('outgoing','incoming','email','letter','office','phone','video','on_site','virtual','open_day','rent','location','flat_size','delay','other_housing','other','incomes_above_ceiling','incomplete_file','effort_rate','notice_by_tenant','transfer') ), "at" datetime NOT NULL, "outcome" varchar CHECK( "outcome" IN ('done','not_done','no_answer','no_interest','interested','waiting_appointment','new_appointment') ), "comment" text, "actorId" integer, "actorName" varchar(210) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "recordId" integer NOT NULL, "goodId" integer, CONSTRAINT "FK_7988b691139e34b3b1c360a6e67" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f9cab110552490d1ce640308f18" FOREIGN KEY ("goodId") REFERENCES "goods" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE TABLE "record_notes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "body" text NOT NULL, "authorId" integer, "authorName" varchar(210) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "recordId" integer NOT NULL, CONSTRAINT "FK_cb80b005167bc187d3959cd6671" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE TABLE "record_stage_changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "from" varchar CHECK( "from" IN ('in_progress','complete','under_review','committee','allocated','lease_signed','moved_in','refused','abandoned') ) NOT NULL, "to" varchar CHECK( "to" IN ('in_progress','complete','under_review','committee','allocated','lease_signed','moved_in','refused','abandoned') ) NOT NULL, "comment" text, "actorId" integer, "actorName" varchar(210) NOT NULL, "at" datetime NOT NULL DEFAULT (datetime('now')), "recordId" integer NOT NULL, CONSTRAINT "FK_3fefdd4c52371dc3c26cde3fc96" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_f8ec03787a3bc6d7bd2fb80184" ON "record_events" ("type", "at") `);
    await queryRunner.query(`CREATE INDEX "IDX_8915425cd5095a1810905ae06b" ON "record_stage_changes" ("to", "at") `);
    await queryRunner.query(`CREATE TABLE "new_changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar CHECK( "subject" IN ('residence','good','equipment','user','contact_form','record') ) NOT NULL, "subjectId" integer NOT NULL, "actorId" integer, "actorName" varchar(210) NOT NULL, "action" varchar(200) NOT NULL, "changes" json NOT NULL, "at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`INSERT INTO "new_changes"("id", "subject", "subjectId", "actorId", "actorName", "action", "changes", "at") SELECT "id", "subject", "subjectId", "actorId", "actorName", "action", "changes", "at" FROM "changes"`);
    await queryRunner.query(`DROP TABLE "changes"`);
    await queryRunner.query(`ALTER TABLE "new_changes" RENAME TO "changes"`);
    await queryRunner.query(`CREATE INDEX "IDX_7932c1dba1cbdde3e32da326b8" ON "changes" ("subject", "subjectId", "at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "changes" WHERE "subject" IN ('contact_form', 'record')`);
    for (const table of ['record_stage_changes', 'record_notes', 'record_events', 'contact_replies']) await queryRunner.query(`DROP TABLE "${table}"`);
    for (const column of ['recordId', 'completedAt', 'readAt']) await queryRunner.query(`ALTER TABLE "contact_forms" DROP COLUMN "${column}"`);
    for (const column of ['followerId', 'stageChangedAt', 'stage']) await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "${column}"`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "status" varchar CHECK( "status" IN ('new','completed') ) NOT NULL DEFAULT ('new')`);
  }
}
