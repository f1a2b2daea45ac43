import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff's list reads where a file's documents stand and its latest event's type from the indexes alone: the
 * documents' index holds the status, the events' one the type.
 */
export class SqliteRecordsListCovering1795800001000 implements MigrationInterface {
  name = 'RecordsListCovering1795800001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_ee9fe621b423120f395c7608d3" ON "record_documents" ("recordId", "person", "type", "status") `);
    await queryRunner.query(`CREATE INDEX "IDX_6d10bc8dfce4ccfb2852ddee69" ON "record_events" ("recordId", "at", "type") `);
    await queryRunner.query(`DROP INDEX "IDX_295945d637d38c5f2ed3b69ee6"`);
    await queryRunner.query(`DROP INDEX "IDX_cd0ae9cd7b0cf066aaa98f5808"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_cd0ae9cd7b0cf066aaa98f5808" ON "record_events" ("recordId", "at") `);
    await queryRunner.query(`CREATE INDEX "IDX_295945d637d38c5f2ed3b69ee6" ON "record_documents" ("recordId", "person", "type") `);
    await queryRunner.query(`DROP INDEX "IDX_6d10bc8dfce4ccfb2852ddee69"`);
    await queryRunner.query(`DROP INDEX "IDX_ee9fe621b423120f395c7608d3"`);
  }
}
