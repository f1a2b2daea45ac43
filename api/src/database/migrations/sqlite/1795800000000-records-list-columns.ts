import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the staff's list of files filters and sorts by, kept on each file: its eligibility, whether a document is
 * missing, its latest event and the year of the ceilings its eligibility was worked out with (the API works them out
 * at start for the files that have none); the residences and flat sizes it wishes and the words it is searched by;
 * indexes for the sorts by reference and by stage, with the id after them. Columns added in place: the files' table,
 * which others refer to, is not rebuilt.
 */
export class SqliteRecordsListColumns1795800000000 implements MigrationInterface {
  name = 'RecordsListColumns1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "record_list_keys" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar CHECK( "kind" IN ('residence','flat_size','word') ) NOT NULL, "value" varchar(254) NOT NULL, "recordId" integer NOT NULL, CONSTRAINT "FK_05507d5a4aec53ab8c2dc46593d" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_05507d5a4aec53ab8c2dc46593" ON "record_list_keys" ("recordId") `);
    await queryRunner.query(`CREATE INDEX "IDX_a3c2baa7b43e7ca492255b0216" ON "record_list_keys" ("kind", "value", "recordId") `);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "eligible" boolean`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "incomplete" boolean NOT NULL DEFAULT (1)`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "lastEventAt" datetime`);
    await queryRunner.query(`ALTER TABLE "records" ADD COLUMN "listYear" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_b5f625cc24bdf972d1cf35bdd0" ON "records" ("listYear") `);
    await queryRunner.query(`CREATE INDEX "IDX_7e2308d6f550f8dd5ef5d2fae9" ON "records" ("lastEventAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_288a57b99cca5ade186269bba5" ON "records" ("incomplete", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_75b14613c9898fde6ac9459f1c" ON "records" ("eligible", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_98675a58b9d63d0e6f2de06d10" ON "records" ("stage", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_4fb4550b1d425946e1159f461e" ON "records" ("reference", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_4fb4550b1d425946e1159f461e"`);
    await queryRunner.query(`DROP INDEX "IDX_98675a58b9d63d0e6f2de06d10"`);
    await queryRunner.query(`DROP INDEX "IDX_75b14613c9898fde6ac9459f1c"`);
    await queryRunner.query(`DROP INDEX "IDX_288a57b99cca5ade186269bba5"`);
    await queryRunner.query(`DROP INDEX "IDX_7e2308d6f550f8dd5ef5d2fae9"`);
    await queryRunner.query(`DROP INDEX "IDX_b5f625cc24bdf972d1cf35bdd0"`);
    await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "listYear"`);
    await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "lastEventAt"`);
    await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "incomplete"`);
    await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "eligible"`);
    await queryRunner.query(`DROP TABLE "record_list_keys"`);
  }
}
