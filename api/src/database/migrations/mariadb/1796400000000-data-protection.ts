import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS = "'record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend', 'committee_review'";

/** The erasure journal, the warnings sent before a file's erasure (docs/data-protection.md), and staff's exports of a person's data in the audit trail. */
export class MariadbDataProtection1796400000000 implements MigrationInterface {
  name = 'DataProtection1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `erasures` (`id` int NOT NULL AUTO_INCREMENT, `subject` varchar(20) NOT NULL, `subjectId` int NOT NULL, `what` varchar(20) NOT NULL, `rule` varchar(30) NOT NULL, `actorId` int NULL, `actorName` varchar(210) NOT NULL, `at` datetime NOT NULL, INDEX `IDX_376e8077f50e34bea1954708f5` (`at`), INDEX `IDX_d8a28a9491e1fba2c902c8204a` (`subject`, `subjectId`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'CREATE TABLE `retention_warnings` (`id` int NOT NULL AUTO_INCREMENT, `rule` varchar(20) NOT NULL, `dueDay` varchar(10) NOT NULL, `daysBefore` int NOT NULL, `sentAt` datetime NOT NULL, `recordId` int NOT NULL, UNIQUE INDEX `IDX_7c2f3d3331b36bcaba76ff220f` (`recordId`, `rule`, `dueDay`, `daysBefore`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `retention_warnings` ADD CONSTRAINT `FK_e61571757369ce5f7669d73f925` FOREIGN KEY (`recordId`) REFERENCES `records`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(`ALTER TABLE \`audit_entries\` MODIFY \`action\` enum (${ACTIONS}, 'data_export') NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM `audit_entries` WHERE `action` = 'data_export'");
    await queryRunner.query(`ALTER TABLE \`audit_entries\` MODIFY \`action\` enum (${ACTIONS}) NOT NULL`);
    await queryRunner.query('DROP TABLE `retention_warnings`');
    await queryRunner.query('DROP TABLE `erasures`');
  }
}
