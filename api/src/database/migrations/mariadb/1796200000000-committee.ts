import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The allocation committee (docs/committee.md): its sessions and their members, the goods on each agenda with their
 * candidates and decisions, the members' recommendations, each good's discussion, and the offers made to the chosen
 * applicants; and the audit trail's action of a committee member reading a candidate.
 */
export class MariadbCommittee1796200000000 implements MigrationInterface {
  name = 'Committee1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`committee_candidates\` (\`id\` int NOT NULL AUTO_INCREMENT, \`position\` int NOT NULL, \`rank\` int NULL, \`reason\` text NULL, \`addedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`itemId\` int NOT NULL, \`recordId\` int NOT NULL, UNIQUE INDEX \`IDX_1f1146511a97b32b1d98c7a3d8\` (\`itemId\`, \`recordId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`committee_sessions\` (\`id\` int NOT NULL AUTO_INCREMENT, \`date\` datetime NOT NULL, \`place\` varchar(200) NULL, \`videoUrl\` varchar(500) NULL, \`voteClosesAt\` datetime NULL, \`state\` enum ('scheduled', 'open', 'closed') NOT NULL DEFAULT 'scheduled', \`openedAt\` datetime NULL, \`closedAt\` datetime NULL, \`closedById\` int NULL, \`closedByName\` varchar(210) NULL, \`quorumPresent\` int NULL, \`quorumRequired\` int NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`version\` int NOT NULL, INDEX \`IDX_fcf31ba3eeda955be23e4fcf28\` (\`date\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`committee_agenda_items\` (\`id\` int NOT NULL AUTO_INCREMENT, \`position\` int NOT NULL, \`outcome\` enum ('allocated', 'allocated_ranked', 'allocated_conditional', 'not_allocated', 'inadmissible') NULL, \`condition\` text NULL, \`sessionId\` int NOT NULL, \`goodId\` int NOT NULL, UNIQUE INDEX \`IDX_855eae2d4a635ba52126bc2519\` (\`sessionId\`, \`goodId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`committee_messages\` (\`id\` int NOT NULL AUTO_INCREMENT, \`authorId\` int NULL, \`authorName\` varchar(210) NOT NULL, \`body\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`itemId\` int NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`committee_recommendations\` (\`id\` int NOT NULL AUTO_INCREMENT, \`memberId\` int NOT NULL, \`memberName\` varchar(210) NOT NULL, \`opinion\` enum ('favorable', 'unfavorable', 'reserved', 'abstain') NOT NULL, \`reason\` text NULL, \`conflictOfInterest\` tinyint NOT NULL DEFAULT 0, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`candidateId\` int NOT NULL, UNIQUE INDEX \`IDX_b0aa384c3cca3fd2b51a216979\` (\`candidateId\`, \`memberId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`offers\` (\`id\` int NOT NULL AUTO_INCREMENT, \`state\` enum ('pending', 'accepted', 'declined', 'expired', 'withdrawn') NOT NULL DEFAULT 'pending', \`condition\` text NULL, \`sentAt\` datetime NOT NULL, \`deadline\` datetime NOT NULL, \`answeredAt\` datetime NULL, \`reason\` text NULL, \`recordId\` int NOT NULL, \`goodId\` int NOT NULL, \`candidateId\` int NOT NULL, INDEX \`IDX_c093de38fd50b84896141272c2\` (\`state\`, \`deadline\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`committee_session_members\` (\`sessionId\` int NOT NULL, \`userId\` int NOT NULL, INDEX \`IDX_8a9e0220b75d2d24b14db27b6b\` (\`sessionId\`), INDEX \`IDX_ecf4b969c0767ebcc1c6c44f6f\` (\`userId\`), PRIMARY KEY (\`sessionId\`, \`userId\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`committee_candidates\` ADD CONSTRAINT \`FK_e8081fbfd1548a679c2f9d6e9b9\` FOREIGN KEY (\`itemId\`) REFERENCES \`committee_agenda_items\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_candidates\` ADD CONSTRAINT \`FK_66332508881854abd7e99edfb7b\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_agenda_items\` ADD CONSTRAINT \`FK_81fcf56f7570de5592b9818f12b\` FOREIGN KEY (\`sessionId\`) REFERENCES \`committee_sessions\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_agenda_items\` ADD CONSTRAINT \`FK_90ce0bf8091abe4005a0b2e7f71\` FOREIGN KEY (\`goodId\`) REFERENCES \`goods\`(\`id\`) ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_messages\` ADD CONSTRAINT \`FK_6402d1e5a715253559ca85e9204\` FOREIGN KEY (\`itemId\`) REFERENCES \`committee_agenda_items\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_recommendations\` ADD CONSTRAINT \`FK_a4760c60750bc0b5cd133b3f507\` FOREIGN KEY (\`candidateId\`) REFERENCES \`committee_candidates\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`offers\` ADD CONSTRAINT \`FK_7187ca5ab52ef42b87e0f45d49f\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`offers\` ADD CONSTRAINT \`FK_a3a4b02d700a953591c2939d2c1\` FOREIGN KEY (\`goodId\`) REFERENCES \`goods\`(\`id\`) ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`offers\` ADD CONSTRAINT \`FK_37e9cd61999f7733c4fbdfb34c3\` FOREIGN KEY (\`candidateId\`) REFERENCES \`committee_candidates\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`committee_session_members\` ADD CONSTRAINT \`FK_8a9e0220b75d2d24b14db27b6b1\` FOREIGN KEY (\`sessionId\`) REFERENCES \`committee_sessions\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`committee_session_members\` ADD CONSTRAINT \`FK_ecf4b969c0767ebcc1c6c44f6f8\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`audit_entries\` MODIFY \`action\` enum ('record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend', 'committee_review') NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM \`audit_entries\` WHERE \`action\` = 'committee_review'`);
    await queryRunner.query(`ALTER TABLE \`audit_entries\` MODIFY \`action\` enum ('record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend') NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`committee_session_members\` DROP FOREIGN KEY \`FK_ecf4b969c0767ebcc1c6c44f6f8\``);
    await queryRunner.query(`ALTER TABLE \`committee_session_members\` DROP FOREIGN KEY \`FK_8a9e0220b75d2d24b14db27b6b1\``);
    await queryRunner.query(`ALTER TABLE \`offers\` DROP FOREIGN KEY \`FK_37e9cd61999f7733c4fbdfb34c3\``);
    await queryRunner.query(`ALTER TABLE \`offers\` DROP FOREIGN KEY \`FK_a3a4b02d700a953591c2939d2c1\``);
    await queryRunner.query(`ALTER TABLE \`offers\` DROP FOREIGN KEY \`FK_7187ca5ab52ef42b87e0f45d49f\``);
    await queryRunner.query(`ALTER TABLE \`committee_recommendations\` DROP FOREIGN KEY \`FK_a4760c60750bc0b5cd133b3f507\``);
    await queryRunner.query(`ALTER TABLE \`committee_messages\` DROP FOREIGN KEY \`FK_6402d1e5a715253559ca85e9204\``);
    await queryRunner.query(`ALTER TABLE \`committee_agenda_items\` DROP FOREIGN KEY \`FK_90ce0bf8091abe4005a0b2e7f71\``);
    await queryRunner.query(`ALTER TABLE \`committee_agenda_items\` DROP FOREIGN KEY \`FK_81fcf56f7570de5592b9818f12b\``);
    await queryRunner.query(`ALTER TABLE \`committee_candidates\` DROP FOREIGN KEY \`FK_66332508881854abd7e99edfb7b\``);
    await queryRunner.query(`ALTER TABLE \`committee_candidates\` DROP FOREIGN KEY \`FK_e8081fbfd1548a679c2f9d6e9b9\``);
    await queryRunner.query(`DROP INDEX \`IDX_ecf4b969c0767ebcc1c6c44f6f\` ON \`committee_session_members\``);
    await queryRunner.query(`DROP INDEX \`IDX_8a9e0220b75d2d24b14db27b6b\` ON \`committee_session_members\``);
    await queryRunner.query(`DROP TABLE \`committee_session_members\``);
    await queryRunner.query(`DROP INDEX \`IDX_c093de38fd50b84896141272c2\` ON \`offers\``);
    await queryRunner.query(`DROP TABLE \`offers\``);
    await queryRunner.query(`DROP INDEX \`IDX_b0aa384c3cca3fd2b51a216979\` ON \`committee_recommendations\``);
    await queryRunner.query(`DROP TABLE \`committee_recommendations\``);
    await queryRunner.query(`DROP TABLE \`committee_messages\``);
    await queryRunner.query(`DROP INDEX \`IDX_855eae2d4a635ba52126bc2519\` ON \`committee_agenda_items\``);
    await queryRunner.query(`DROP TABLE \`committee_agenda_items\``);
    await queryRunner.query(`DROP INDEX \`IDX_fcf31ba3eeda955be23e4fcf28\` ON \`committee_sessions\``);
    await queryRunner.query(`DROP TABLE \`committee_sessions\``);
    await queryRunner.query(`DROP INDEX \`IDX_1f1146511a97b32b1d98c7a3d8\` ON \`committee_candidates\``);
    await queryRunner.query(`DROP TABLE \`committee_candidates\``);
  }
}
