import type { MigrationInterface, QueryRunner } from 'typeorm';

/** E-mail alerts on the public list and the homes each has told of (docs/alerts.md). */
export class MariadbAlerts1796500000000 implements MigrationInterface {
  name = 'Alerts1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `alerts` (`id` int NOT NULL AUTO_INCREMENT, `email` varchar(254) NOT NULL, `filters` text NOT NULL, `confirmHash` varchar(64) NULL, `confirmExpiresAt` datetime NULL, `createdAt` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), `confirmedAt` datetime NULL, `renewedAt` datetime NULL, `lastSentAt` datetime NULL, INDEX `IDX_9e107ce1280f26517b3e483258` (`email`), UNIQUE INDEX `IDX_d5a360a00e607b5d78999e4088` (`confirmHash`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'CREATE TABLE `alert_homes` (`alertId` int NOT NULL, `goodId` int NOT NULL, `since` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (`alertId`, `goodId`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `alert_homes` ADD CONSTRAINT `FK_440fc2e1fe2fc79d70b29a0e7e5` FOREIGN KEY (`alertId`) REFERENCES `alerts`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `alert_homes` ADD CONSTRAINT `FK_acdfd71889776659c16f6b2639a` FOREIGN KEY (`goodId`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `alert_homes`');
    await queryRunner.query('DROP TABLE `alerts`');
  }
}
