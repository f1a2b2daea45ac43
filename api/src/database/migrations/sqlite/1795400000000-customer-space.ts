import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer space: the household's own fields and wishes, documents kept encrypted and reviewed, the audit trail
 * of staff consultations, e-mail change links. Columns of records and persons are added in place (rebuilding a table
 * others refer to would cascade deletions through their foreign keys); the documents table, which had no way to be
 * filled before, and the tokens table, which nothing refers to, are rebuilt for their new checks.
 */
export class SqliteCustomerSpace1795400000000 implements MigrationInterface {
  name = 'CustomerSpace1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "audit_entries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "action" varchar CHECK( "action" IN ('record_view','document_read') ) NOT NULL, "recordId" integer NOT NULL, "documentId" integer, "actorId" integer NOT NULL, "actorName" varchar(210) NOT NULL, "actorRoles" varchar(100) NOT NULL, "ip" varchar(45) NOT NULL, "userAgent" varchar(300) NOT NULL, "at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_e5887d28d8d84b3bab3723640e" ON "audit_entries" ("actorId", "at") `);
    await queryRunner.query(`CREATE INDEX "IDX_52baf401f326175e8380304937" ON "audit_entries" ("recordId", "at") `);
    await queryRunner.query(`CREATE TABLE "record_wished_residences" ("recordsId" integer NOT NULL, "residencesId" integer NOT NULL, CONSTRAINT "FK_c38254eaf6ea7b936946c874371" FOREIGN KEY ("recordsId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_84b1a697aae51840ac70614aedd" FOREIGN KEY ("residencesId") REFERENCES "residences" ("id") ON DELETE CASCADE ON UPDATE CASCADE, PRIMARY KEY ("recordsId", "residencesId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_c38254eaf6ea7b936946c87437" ON "record_wished_residences" ("recordsId") `);
    await queryRunner.query(`CREATE INDEX "IDX_84b1a697aae51840ac70614aed" ON "record_wished_residences" ("residencesId") `);
    await queryRunner.query(`CREATE TABLE "record_wished_goods" ("recordsId" integer NOT NULL, "goodsId" integer NOT NULL, CONSTRAINT "FK_de1ac236305b9af15e465f6d1fa" FOREIGN KEY ("recordsId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_8d008f13f60fb8376677e5a0ee2" FOREIGN KEY ("goodsId") REFERENCES "goods" ("id") ON DELETE CASCADE ON UPDATE CASCADE, PRIMARY KEY ("recordsId", "goodsId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_de1ac236305b9af15e465f6d1f" ON "record_wished_goods" ("recordsId") `);
    await queryRunner.query(`CREATE INDEX "IDX_8d008f13f60fb8376677e5a0ee" ON "record_wished_goods" ("goodsId") `);
    for (const column of ['"address" varchar(200)', '"zipCode" varchar(5)', '"city" varchar(100)', '"employer" varchar(100)']) {
      await queryRunner.query(`ALTER TABLE "record_persons" ADD COLUMN ${column}`);
    }
    for (const column of [
      '"members" text',
      `"discoverySource" varchar CHECK( "discoverySource" IN ('search_engine','social_network','listing_site','word_of_mouth','employer','site_sign','town_hall','other') )`,
      '"flatSizes" text',
      '"maxRent" integer',
      '"completeNotifiedAt" datetime',
    ]) {
      await queryRunner.query(`ALTER TABLE "records" ADD COLUMN ${column}`);
    }
    await queryRunner.query(`DROP TABLE "record_documents"`);
    await queryRunner.query(`CREATE TABLE "record_documents" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "person" integer NOT NULL, "type" varchar CHECK( "type" IN ('nat_id','birth_certificate','rent_receipts','tax_notices','payslips','employer_contract','retirement_certificate','kbis') ) NOT NULL, "originalName" varchar(255) NOT NULL, "storedName" varchar(80) NOT NULL, "contentType" varchar(100) NOT NULL, "size" integer NOT NULL, "sha256" varchar(64) NOT NULL, "uploadedAt" datetime NOT NULL DEFAULT (datetime('now')), "recordId" integer NOT NULL, "keyId" varchar(40) NOT NULL, "pages" integer NOT NULL DEFAULT (1), "scan" varchar CHECK( "scan" IN ('clean','not_scanned') ) NOT NULL, "source" varchar CHECK( "source" IN ('owner','shared_link','staff') ) NOT NULL, "status" varchar CHECK( "status" IN ('to_process','validated','declined') ) NOT NULL DEFAULT ('to_process'), "reason" varchar(500), "reviewedAt" datetime, "reviewedById" integer, "watermarkedName" varchar(80), "watermarkedType" varchar(100), CONSTRAINT "UQ_053f25447d4c7b9e08f7247fd06" UNIQUE ("storedName"), CONSTRAINT "FK_477df04cdf357756fcd3f2f3a6b" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_295945d637d38c5f2ed3b69ee6" ON "record_documents" ("recordId", "person", "type") `);
    await queryRunner.query(`CREATE TABLE "new_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar CHECK( "kind" IN ('registration','password_reset','document_upload','email_change') ) NOT NULL, "tokenHash" varchar(64) NOT NULL, "email" varchar(254) NOT NULL, "firstName" varchar(100), "lastName" varchar(100), "role" varchar(20), "expiresAt" datetime NOT NULL, "usedAt" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "userId" integer, "recordId" integer, "withdrawnAt" datetime, CONSTRAINT "FK_56bf36c3a701b3e430e5ed618bc" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d417e5d35f2434afc4bd48cb4d2" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "new_tokens"("id", "kind", "tokenHash", "email", "firstName", "lastName", "role", "expiresAt", "usedAt", "createdAt", "userId", "recordId", "withdrawnAt") SELECT "id", "kind", "tokenHash", "email", "firstName", "lastName", "role", "expiresAt", "usedAt", "createdAt", "userId", "recordId", "withdrawnAt" FROM "tokens"`);
    await queryRunner.query(`DROP TABLE "tokens"`);
    await queryRunner.query(`ALTER TABLE "new_tokens" RENAME TO "tokens"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d089468ffba8d8ad3954f9d82d" ON "tokens" ("tokenHash") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "tokens" WHERE "kind" = 'email_change'`);
    await queryRunner.query(`DROP TABLE "audit_entries"`);
    await queryRunner.query(`DROP TABLE "record_wished_goods"`);
    await queryRunner.query(`DROP TABLE "record_wished_residences"`);
    for (const column of ['members', 'discoverySource', 'flatSizes', 'maxRent', 'completeNotifiedAt']) await queryRunner.query(`ALTER TABLE "records" DROP COLUMN "${column}"`);
    for (const column of ['address', 'zipCode', 'city', 'employer']) await queryRunner.query(`ALTER TABLE "record_persons" DROP COLUMN "${column}"`);
  }
}
