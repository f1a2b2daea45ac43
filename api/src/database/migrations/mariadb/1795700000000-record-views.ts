import type { MigrationInterface, QueryRunner } from 'typeorm';

/** More files a staff member may consult in a day, allowed by an administrator. */
export class MariadbRecordViews1795700000000 implements MigrationInterface {
  name = 'RecordViews1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`record_view_allowances\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`extra\` int NOT NULL, \`grantedById\` int NOT NULL, \`grantedByName\` varchar(210) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_57082d33c8c52fafe81b010c90\` (\`userId\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`record_view_allowances\``);
  }
}
