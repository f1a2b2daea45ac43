import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether a household lives in a good, as the follow-up of the files naming it says (GoodsService.setOccupancy). */
export class MariadbGoodOccupancy1796300000000 implements MigrationInterface {
  name = 'GoodOccupancy1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `goods` ADD `occupied` tinyint NOT NULL DEFAULT 0');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `goods` DROP COLUMN `occupied`');
  }
}
