import type { MigrationInterface, QueryRunner } from "typeorm";

export class MariadbSessions1795281553923 implements MigrationInterface {
    name = 'Sessions1795281553923'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`sessions\` (\`sid\` varchar(128) NOT NULL, \`userId\` int NULL, \`data\` text NOT NULL, \`expiresAt\` datetime NOT NULL, INDEX \`IDX_57de40bc620f456c7311aa3a1e\` (\`userId\`), INDEX \`IDX_50762206f116cd47d1c3fec396\` (\`expiresAt\`), PRIMARY KEY (\`sid\`)) ENGINE=InnoDB`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX \`IDX_50762206f116cd47d1c3fec396\` ON \`sessions\``);
        await queryRunner.query(`DROP INDEX \`IDX_57de40bc620f456c7311aa3a1e\` ON \`sessions\``);
        await queryRunner.query(`DROP TABLE \`sessions\``);
    }

}
