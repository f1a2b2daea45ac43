import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The goods' list with 20,000 goods: an index in the order of each sortable column, and one for a flat size in rent order. */
export class MariadbGoodsList1795308685870 implements MigrationInterface {
  name = 'GoodsList1795308685870';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_b82366d38a936af1058bc2117d\` ON \`goods\` (\`updatedAt\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_b97fba349aed5c726736c9c6d1\` ON \`goods\` (\`availableFrom\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_7f7dbb31c26434e3cf43e5415d\` ON \`goods\` (\`surface\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_f2f550cafa607023973bce1c7d\` ON \`goods\` (\`reference\`, \`id\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_ad41b635fe7ca983e1b3733484\` ON \`goods\` (\`rentPriceCents\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_07e016f5a60d288799d68154dc\` ON \`goods\` (\`flatSize\`, \`rentPriceCents\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_07e016f5a60d288799d68154dc\` ON \`goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_ad41b635fe7ca983e1b3733484\` ON \`goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_f2f550cafa607023973bce1c7d\` ON \`goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_7f7dbb31c26434e3cf43e5415d\` ON \`goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_b97fba349aed5c726736c9c6d1\` ON \`goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_b82366d38a936af1058bc2117d\` ON \`goods\``);
  }
}
