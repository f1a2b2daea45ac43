import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every staff call on one file is in the audit trail, each with what it did: more actions than a view and a read. */
export class MariadbAuditActions1796050000000 implements MigrationInterface {
  name = 'AuditActions1796050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`audit_entries\` MODIFY \`action\` enum ('record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend') NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM \`audit_entries\` WHERE \`action\` NOT IN ('record_view', 'document_read')`);
    await queryRunner.query(`ALTER TABLE \`audit_entries\` MODIFY \`action\` enum ('record_view', 'document_read') NOT NULL`);
  }
}
