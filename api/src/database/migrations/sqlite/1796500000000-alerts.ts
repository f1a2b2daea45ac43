import type { MigrationInterface, QueryRunner } from 'typeorm';

/** E-mail alerts on the public list and the homes each has told of (docs/alerts.md). */
export class SqliteAlerts1796500000000 implements MigrationInterface {
  name = 'Alerts1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alerts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "filters" text NOT NULL, "confirmHash" varchar(64), "confirmExpiresAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "confirmedAt" datetime, "renewedAt" datetime, "lastSentAt" datetime)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_9e107ce1280f26517b3e483258" ON "alerts" ("email") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d5a360a00e607b5d78999e4088" ON "alerts" ("confirmHash") `);
    await queryRunner.query(
      `CREATE TABLE "alert_homes" ("alertId" integer NOT NULL, "goodId" integer NOT NULL, "since" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_440fc2e1fe2fc79d70b29a0e7e5" FOREIGN KEY ("alertId") REFERENCES "alerts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_acdfd71889776659c16f6b2639a" FOREIGN KEY ("goodId") REFERENCES "goods" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("alertId", "goodId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "alert_homes"`);
    await queryRunner.query(`DROP TABLE "alerts"`);
  }
}
