import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff's list reads where a file's documents stand and its latest event's type from the indexes alone: the
 * documents' index holds the status, the events' one the type. Each new index is made before the one it replaces,
 * which the foreign key of the file needs until then.
 */
export class MariadbRecordsListCovering1795800001000 implements MigrationInterface {
  name = 'RecordsListCovering1795800001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_ee9fe621b423120f395c7608d3\` ON \`record_documents\` (\`recordId\`, \`person\`, \`type\`, \`status\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_6d10bc8dfce4ccfb2852ddee69\` ON \`record_events\` (\`recordId\`, \`at\`, \`type\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_295945d637d38c5f2ed3b69ee6\` ON \`record_documents\``);
    await queryRunner.query(`DROP INDEX \`IDX_cd0ae9cd7b0cf066aaa98f5808\` ON \`record_events\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_cd0ae9cd7b0cf066aaa98f5808\` ON \`record_events\` (\`recordId\`, \`at\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_295945d637d38c5f2ed3b69ee6\` ON \`record_documents\` (\`recordId\`, \`person\`, \`type\`)`);
    await queryRunner.query(`DROP INDEX \`IDX_6d10bc8dfce4ccfb2852ddee69\` ON \`record_events\``);
    await queryRunner.query(`DROP INDEX \`IDX_ee9fe621b423120f395c7608d3\` ON \`record_documents\``);
  }
}
