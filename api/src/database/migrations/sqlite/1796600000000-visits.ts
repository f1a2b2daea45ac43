import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Visit slots published on goods and the visits booked on them (docs/visits.md). */
export class SqliteVisits1796600000000 implements MigrationInterface {
  name = 'Visits1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "visit_slots" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "startsAt" datetime NOT NULL, "durationMinutes" integer NOT NULL, "kind" varchar CHECK( "kind" IN ('on_site','virtual') ) NOT NULL, "place" varchar(200), "url" varchar(500), "capacity" integer NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "goodId" integer NOT NULL, CONSTRAINT "FK_ab1c17cdce35f0d8ab6212cc2f6" FOREIGN KEY ("goodId") REFERENCES "goods" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_d5f55f6e5c36ce8d726da1fcbe" ON "visit_slots" ("startsAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_7c42e76d01cc8dbfeb5ffacb43" ON "visit_slots" ("goodId", "startsAt") `);
    await queryRunner.query(
      `CREATE TABLE "visit_bookings" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(160) NOT NULL, "email" varchar(254) NOT NULL, "phone" varchar(30) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "cancelledAt" datetime, "remindedAt" datetime, "slotId" integer NOT NULL, "recordId" integer, "eventId" integer, CONSTRAINT "FK_36fc11e3ced3d9d82ac9d9e813b" FOREIGN KEY ("slotId") REFERENCES "visit_slots" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_cf387c30cee5a14401b9af006b6" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5ebf1c7b70e3e4a05b430cf6866" FOREIGN KEY ("eventId") REFERENCES "record_events" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_dffefa693b135584955d3a8823" ON "visit_bookings" ("email") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "visit_bookings"`);
    await queryRunner.query(`DROP TABLE "visit_slots"`);
  }
}
