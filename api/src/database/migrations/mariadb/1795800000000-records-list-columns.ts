import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the staff's list of files filters and sorts by, kept on each file: its eligibility, whether a document is
 * missing, its latest event and the year of the ceilings its eligibility was worked out with (the API works them out
 * at start for the files that have none); the residences and flat sizes it wishes and the words it is searched by;
 * indexes for the sorts by reference and by stage, with the id after them.
 */
export class MariadbRecordsListColumns1795800000000 implements MigrationInterface {
  name = 'RecordsListColumns1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`record_list_keys\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` enum ('residence', 'flat_size', 'word') NOT NULL, \`value\` varchar(254) NOT NULL, \`recordId\` int NOT NULL, INDEX \`IDX_05507d5a4aec53ab8c2dc46593\` (\`recordId\`), INDEX \`IDX_a3c2baa7b43e7ca492255b0216\` (\`kind\`, \`value\`, \`recordId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`eligible\` tinyint NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`incomplete\` tinyint NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`lastEventAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`listYear\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_b5f625cc24bdf972d1cf35bdd0\` ON \`records\` (\`listYear\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_7e2308d6f550f8dd5ef5d2fae9\` ON \`records\` (\`lastEventAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_288a57b99cca5ade186269bba5\` ON \`records\` (\`incomplete\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_75b14613c9898fde6ac9459f1c\` ON \`records\` (\`eligible\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_98675a58b9d63d0e6f2de06d10\` ON \`records\` (\`stage\`, \`id\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_4fb4550b1d425946e1159f461e\` ON \`records\` (\`reference\`, \`id\`)`);
    await queryRunner.query(
      `ALTER TABLE \`record_list_keys\` ADD CONSTRAINT \`FK_05507d5a4aec53ab8c2dc46593d\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`record_list_keys\` DROP FOREIGN KEY \`FK_05507d5a4aec53ab8c2dc46593d\``);
    await queryRunner.query(`DROP INDEX \`IDX_4fb4550b1d425946e1159f461e\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_98675a58b9d63d0e6f2de06d10\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_75b14613c9898fde6ac9459f1c\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_288a57b99cca5ade186269bba5\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_7e2308d6f550f8dd5ef5d2fae9\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_b5f625cc24bdf972d1cf35bdd0\` ON \`records\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`listYear\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`lastEventAt\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`incomplete\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`eligible\``);
    await queryRunner.query(`DROP INDEX \`IDX_a3c2baa7b43e7ca492255b0216\` ON \`record_list_keys\``);
    await queryRunner.query(`DROP INDEX \`IDX_05507d5a4aec53ab8c2dc46593\` ON \`record_list_keys\``);
    await queryRunner.query(`DROP TABLE \`record_list_keys\``);
  }
}
