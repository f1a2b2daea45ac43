import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The statistics kept month by month, so that any period is a sum of months; the old one-figure table goes. */
export class SqliteStatisticMonths1795900000000 implements MigrationInterface {
  name = 'StatisticMonths1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "statistics"`);
    await queryRunner.query(
      `CREATE TABLE "statistic_months" ("key" varchar(80) NOT NULL, "month" varchar(7) NOT NULL, "label" varchar(200) NOT NULL, "value" integer NOT NULL, PRIMARY KEY ("key", "month", "label"))`,
    );
    await queryRunner.query(`CREATE TABLE "statistic_refreshes" ("id" varchar(20) PRIMARY KEY NOT NULL, "computedAt" datetime NOT NULL)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "statistic_refreshes"`);
    await queryRunner.query(`DROP TABLE "statistic_months"`);
    await queryRunner.query(`CREATE TABLE "statistics" ("key" varchar(80) PRIMARY KEY NOT NULL, "value" json NOT NULL, "computedAt" datetime NOT NULL)`);
  }
}
