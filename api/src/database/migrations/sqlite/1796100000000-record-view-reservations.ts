import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff changes of a file under way, each counting its file toward the staff member's daily number of files until
 * it is written in the audit trail or refused (AuditService.reserve). `reservedAt`: milliseconds since the epoch.
 */
export class SqliteRecordViewReservations1796100000000 implements MigrationInterface {
  name = 'RecordViewReservations1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "record_view_reservations" ("id" varchar(36) PRIMARY KEY NOT NULL, "actorId" integer NOT NULL, "recordId" integer NOT NULL, "reservedAt" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_record_view_reservations_actor" ON "record_view_reservations" ("actorId", "reservedAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "record_view_reservations"`);
  }
}
