import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The back office: a version per residence, good, equipment and account (no silent overwrite), the change history, the last login. */
export class MariadbBackOffice1795307130884 implements MigrationInterface {
  name = 'BackOffice1795307130884';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`changes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`subject\` enum ('residence', 'good', 'equipment', 'user') NOT NULL, \`subjectId\` int NOT NULL, \`actorId\` int NULL, \`actorName\` varchar(210) NOT NULL, \`action\` varchar(200) NOT NULL, \`changes\` json NOT NULL, \`at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` (\`subject\`, \`subjectId\`, \`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`equipments\` ADD \`version\` int NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE \`residences\` ADD \`version\` int NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE \`goods\` ADD \`version\` int NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`lastLoginAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`version\` int NOT NULL DEFAULT '1'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`version\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`lastLoginAt\``);
    await queryRunner.query(`ALTER TABLE \`goods\` DROP COLUMN \`version\``);
    await queryRunner.query(`ALTER TABLE \`residences\` DROP COLUMN \`version\``);
    await queryRunner.query(`ALTER TABLE \`equipments\` DROP COLUMN \`version\``);
    await queryRunner.query(`DROP INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` ON \`changes\``);
    await queryRunner.query(`DROP TABLE \`changes\``);
  }
}
