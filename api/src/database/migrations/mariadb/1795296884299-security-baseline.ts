import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shared rate-limit counters, withdrawable links, and session ids kept hashed (earlier sessions end). */
export class MariadbSecurityBaseline1795296884299 implements MigrationInterface {
  name = 'SecurityBaseline1795296884299';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`rate_limits\` (\`bucket\` varchar(200) NOT NULL, \`count\` int NOT NULL, \`resetAt\` bigint NOT NULL, INDEX \`IDX_89b31b124c370bf9672c7f21c2\` (\`resetAt\`), PRIMARY KEY (\`bucket\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`tokens\` ADD \`withdrawnAt\` datetime NULL`);
    await queryRunner.query(`DELETE FROM \`sessions\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM \`sessions\``);
    await queryRunner.query(`ALTER TABLE \`tokens\` DROP COLUMN \`withdrawnAt\``);
    await queryRunner.query(`DROP TABLE \`rate_limits\``);
  }
}
