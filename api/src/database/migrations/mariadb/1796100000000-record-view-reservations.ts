import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff changes of a file under way, each counting its file toward the staff member's daily number of files until
 * it is written in the audit trail or refused (AuditService.reserve). `reservedAt`: milliseconds since the epoch.
 */
export class MariadbRecordViewReservations1796100000000 implements MigrationInterface {
  name = 'RecordViewReservations1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`record_view_reservations\` (\`id\` varchar(36) NOT NULL, \`actorId\` int NOT NULL, \`recordId\` int NOT NULL, \`reservedAt\` bigint NOT NULL, INDEX \`IDX_record_view_reservations_actor\` (\`actorId\`, \`reservedAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`record_view_reservations\``);
  }
}
