import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff's list of application files: an index in the order of each sortable date, one for a stage and one for a
 * follower in the default order, the persons' names and e-mails for the search, a file's events by date.
 */
export class MariadbRecordsList1795600000000 implements MigrationInterface {
  name = 'RecordsList1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_70b89055946a8c5a6f485e008f\` ON \`records\` (\`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_43aad46cbd3a781c0a0ddc74dc\` ON \`records\` (\`updatedAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_3cefef5b4091928f46a61f096e\` ON \`records\` (\`stage\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_c3401b59e29671c00b74ddcde0\` ON \`records\` (\`followerId\`, \`createdAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_5d275bf8baa8549e6c59eb556e\` ON \`record_persons\` (\`lastName\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_95b8622cc80d4377c0a82fe90c\` ON \`record_persons\` (\`email\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_cd0ae9cd7b0cf066aaa98f5808\` ON \`record_events\` (\`recordId\`, \`at\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_cd0ae9cd7b0cf066aaa98f5808\` ON \`record_events\``);
    await queryRunner.query(`DROP INDEX \`IDX_95b8622cc80d4377c0a82fe90c\` ON \`record_persons\``);
    await queryRunner.query(`DROP INDEX \`IDX_5d275bf8baa8549e6c59eb556e\` ON \`record_persons\``);
    await queryRunner.query(`DROP INDEX \`IDX_c3401b59e29671c00b74ddcde0\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_3cefef5b4091928f46a61f096e\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_43aad46cbd3a781c0a0ddc74dc\` ON \`records\``);
    await queryRunner.query(`DROP INDEX \`IDX_70b89055946a8c5a6f485e008f\` ON \`records\``);
  }
}
