import type { MigrationInterface, QueryRunner } from "typeorm";

export class SqliteSessions1795281558595 implements MigrationInterface {
    name = 'Sessions1795281558595'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "sessions" ("sid" varchar(128) PRIMARY KEY NOT NULL, "userId" integer, "data" text NOT NULL, "expiresAt" datetime NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "IDX_57de40bc620f456c7311aa3a1e" ON "sessions" ("userId") `);
        await queryRunner.query(`CREATE INDEX "IDX_50762206f116cd47d1c3fec396" ON "sessions" ("expiresAt") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "IDX_50762206f116cd47d1c3fec396"`);
        await queryRunner.query(`DROP INDEX "IDX_57de40bc620f456c7311aa3a1e"`);
        await queryRunner.query(`DROP TABLE "sessions"`);
    }

}
