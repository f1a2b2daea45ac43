import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Following files from first contact to signed lease: stage, follower, stage changes, events, notes; contact requests read, completed, converted and answered. */
export class MariadbFollowUp1795500000000 implements MigrationInterface {
  name = 'FollowUp1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`contact_replies\` (\`id\` int NOT NULL AUTO_INCREMENT, \`body\` text NOT NULL, \`authorId\` int NULL, \`authorName\` varchar(210) NOT NULL, \`sentAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`contactFormId\` int NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`record_events\` (\`id\` int NOT NULL AUTO_INCREMENT, \`type\` enum ('call', 'message', 'interview', 'visit', 'offer', 'refusal_by_applicant', 'refusal_by_provider', 'lease_signed', 'move_in', 'leaving') NOT NULL, \`reason\` enum ('outgoing', 'incoming', 'email', 'letter', 'office', 'phone', 'video', 'on_site', 'virtual', 'open_day', 'rent', 'location', 'flat_size', 'delay', 'other_housing', 'other', 'incomes_above_ceiling', 'incomplete_file', 'effort_rate', 'notice_by_tenant', 'transfer') NULL, \`at\` datetime NOT NULL, \`outcome\` enum ('done', 'not_done', 'no_answer', 'no_interest', 'interested', 'waiting_appointment', 'new_appointment') NULL, \`comment\` text NULL, \`actorId\` int NULL, \`actorName\` varchar(210) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`recordId\` int NOT NULL, \`goodId\` int NULL, INDEX \`IDX_f8ec03787a3bc6d7bd2fb80184\` (\`type\`, \`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`record_notes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`body\` text NOT NULL, \`authorId\` int NULL, \`authorName\` varchar(210) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`recordId\` int NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`record_stage_changes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`from\` enum ('in_progress', 'complete', 'under_review', 'committee', 'allocated', 'lease_signed', 'moved_in', 'refused', 'abandoned') NOT NULL, \`to\` enum ('in_progress', 'complete', 'under_review', 'committee', 'allocated', 'lease_signed', 'moved_in', 'refused', 'abandoned') NOT NULL, \`comment\` text NULL, \`actorId\` int NULL, \`actorName\` varchar(210) NOT NULL, \`at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`recordId\` int NOT NULL, INDEX \`IDX_8915425cd5095a1810905ae06b\` (\`to\`, \`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`status\``);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`stage\` enum ('in_progress', 'complete', 'under_review', 'committee', 'allocated', 'lease_signed', 'moved_in', 'refused', 'abandoned') NOT NULL DEFAULT 'in_progress'`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`stageChangedAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`followerId\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` ADD \`readAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` ADD \`completedAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` ADD \`recordId\` int NULL`);
    await queryRunner.query(`DROP INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` ON \`changes\``);
    await queryRunner.query(`ALTER TABLE \`changes\` CHANGE \`subject\` \`subject\` enum ('residence', 'good', 'equipment', 'user', 'contact_form', 'record') NOT NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` ON \`changes\` (\`subject\`, \`subjectId\`, \`at\`)`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD CONSTRAINT \`FK_12c6b82e3e1974e02da3c25fb9c\` FOREIGN KEY (\`followerId\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` ADD CONSTRAINT \`FK_99b7188185715f5861a03dd689e\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`contact_replies\` ADD CONSTRAINT \`FK_4e530a2462ae7b3b0a2f3dd8046\` FOREIGN KEY (\`contactFormId\`) REFERENCES \`contact_forms\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`record_events\` ADD CONSTRAINT \`FK_7988b691139e34b3b1c360a6e67\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`record_events\` ADD CONSTRAINT \`FK_f9cab110552490d1ce640308f18\` FOREIGN KEY (\`goodId\`) REFERENCES \`goods\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`record_notes\` ADD CONSTRAINT \`FK_cb80b005167bc187d3959cd6671\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`record_stage_changes\` ADD CONSTRAINT \`FK_3fefdd4c52371dc3c26cde3fc96\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`record_stage_changes\` DROP FOREIGN KEY \`FK_3fefdd4c52371dc3c26cde3fc96\``);
    await queryRunner.query(`ALTER TABLE \`record_notes\` DROP FOREIGN KEY \`FK_cb80b005167bc187d3959cd6671\``);
    await queryRunner.query(`ALTER TABLE \`record_events\` DROP FOREIGN KEY \`FK_f9cab110552490d1ce640308f18\``);
    await queryRunner.query(`ALTER TABLE \`record_events\` DROP FOREIGN KEY \`FK_7988b691139e34b3b1c360a6e67\``);
    await queryRunner.query(`ALTER TABLE \`contact_replies\` DROP FOREIGN KEY \`FK_4e530a2462ae7b3b0a2f3dd8046\``);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` DROP FOREIGN KEY \`FK_99b7188185715f5861a03dd689e\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP FOREIGN KEY \`FK_12c6b82e3e1974e02da3c25fb9c\``);
    await queryRunner.query(`DROP INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` ON \`changes\``);
    await queryRunner.query(`ALTER TABLE \`changes\` CHANGE \`subject\` \`subject\` enum ('residence', 'good', 'equipment', 'user') NOT NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_7932c1dba1cbdde3e32da326b8\` ON \`changes\` (\`subject\`, \`subjectId\`, \`at\`)`);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` DROP COLUMN \`recordId\``);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` DROP COLUMN \`completedAt\``);
    await queryRunner.query(`ALTER TABLE \`contact_forms\` DROP COLUMN \`readAt\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`followerId\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`stageChangedAt\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`stage\``);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`status\` enum ('new', 'completed') NOT NULL DEFAULT 'new'`);
    await queryRunner.query(`DROP INDEX \`IDX_8915425cd5095a1810905ae06b\` ON \`record_stage_changes\``);
    await queryRunner.query(`DROP TABLE \`record_stage_changes\``);
    await queryRunner.query(`DROP TABLE \`record_notes\``);
    await queryRunner.query(`DROP INDEX \`IDX_f8ec03787a3bc6d7bd2fb80184\` ON \`record_events\``);
    await queryRunner.query(`DROP TABLE \`record_events\``);
    await queryRunner.query(`DROP TABLE \`contact_replies\``);
  }
}
