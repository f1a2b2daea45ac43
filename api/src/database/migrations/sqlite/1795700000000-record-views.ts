import type { MigrationInterface, QueryRunner } from 'typeorm';

/** More files a staff member may consult in a day, allowed by an administrator. */
export class SqliteRecordViews1795700000000 implements MigrationInterface {
  name = 'RecordViews1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "record_view_allowances" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "extra" integer NOT NULL, "grantedById" integer NOT NULL, "grantedByName" varchar(210) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_57082d33c8c52fafe81b010c90" ON "record_view_allowances" ("userId", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "record_view_allowances"`);
  }
}
