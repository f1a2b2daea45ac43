import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The files of a stage in their latest events' order: files that ended long ago have no recent event. */
export class MariadbRecordsStageEvents1795800002000 implements MigrationInterface {
  name = 'RecordsStageEvents1795800002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_d9c19e691c896da22090016210\` ON \`records\` (\`stage\`, \`lastEventAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_d9c19e691c896da22090016210\` ON \`records\``);
  }
}
