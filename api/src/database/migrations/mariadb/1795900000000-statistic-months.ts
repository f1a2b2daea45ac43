import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics kept month by month, so that any period is a sum of months; the old one-figure table goes. Labels
 * (residences' names) compare byte for byte: « Les Tilleuls » and « les Tilleuls » are two rows, not a duplicate key.
 */
export class MariadbStatisticMonths1795900000000 implements MigrationInterface {
  name = 'StatisticMonths1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`statistics\``);
    await queryRunner.query(
      `CREATE TABLE \`statistic_months\` (\`key\` varchar(80) NOT NULL, \`month\` varchar(7) NOT NULL, \`label\` varchar(200) COLLATE utf8mb4_bin NOT NULL, \`value\` int NOT NULL, PRIMARY KEY (\`key\`, \`month\`, \`label\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`statistic_refreshes\` (\`id\` varchar(20) NOT NULL, \`computedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`statistic_refreshes\``);
    await queryRunner.query(`DROP TABLE \`statistic_months\``);
    await queryRunner.query(`CREATE TABLE \`statistics\` (\`key\` varchar(80) NOT NULL, \`value\` json NOT NULL, \`computedAt\` datetime NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB`);
  }
}
