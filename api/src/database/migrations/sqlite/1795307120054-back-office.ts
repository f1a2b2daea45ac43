import type { MigrationInterface, QueryRunner } from 'typeorm';

const VERSIONED = ['equipments', 'residences', 'goods', 'users'];

/** The back office: a version per residence, good, equipment and account (no silent overwrite), the change history, the last login. */
export class SqliteBackOffice1795307120054 implements MigrationInterface {
  name = 'BackOffice1795307120054';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar CHECK( "subject" IN ('residence','good','equipment','user') ) NOT NULL, "subjectId" integer NOT NULL, "actorId" integer, "actorName" varchar(210) NOT NULL, "action" varchar(200) NOT NULL, "changes" json NOT NULL, "at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_7932c1dba1cbdde3e32da326b8" ON "changes" ("subject", "subjectId", "at") `);
    // Columns are added in place: rebuilding the tables would cascade deletions through their foreign keys.
    for (const table of VERSIONED) await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "version" integer NOT NULL DEFAULT (1)`);
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "lastLoginAt" datetime`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "lastLoginAt"`);
    for (const table of VERSIONED) await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "version"`);
    await queryRunner.query(`DROP INDEX "IDX_7932c1dba1cbdde3e32da326b8"`);
    await queryRunner.query(`DROP TABLE "changes"`);
  }
}
