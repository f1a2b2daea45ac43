import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The customer space: the household's own fields and wishes, documents kept encrypted and reviewed, the audit trail of staff consultations, e-mail change links. */

export class MariadbCustomerSpace1795400000000 implements MigrationInterface {
  name = 'CustomerSpace1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`audit_entries\` (\`id\` int NOT NULL AUTO_INCREMENT, \`action\` enum ('record_view', 'document_read') NOT NULL, \`recordId\` int NOT NULL, \`documentId\` int NULL, \`actorId\` int NOT NULL, \`actorName\` varchar(210) NOT NULL, \`actorRoles\` varchar(100) NOT NULL, \`ip\` varchar(45) NOT NULL, \`userAgent\` varchar(300) NOT NULL, \`at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_e5887d28d8d84b3bab3723640e\` (\`actorId\`, \`at\`), INDEX \`IDX_52baf401f326175e8380304937\` (\`recordId\`, \`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`record_wished_residences\` (\`recordsId\` int NOT NULL, \`residencesId\` int NOT NULL, INDEX \`IDX_c38254eaf6ea7b936946c87437\` (\`recordsId\`), INDEX \`IDX_84b1a697aae51840ac70614aed\` (\`residencesId\`), PRIMARY KEY (\`recordsId\`, \`residencesId\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`record_wished_goods\` (\`recordsId\` int NOT NULL, \`goodsId\` int NOT NULL, INDEX \`IDX_de1ac236305b9af15e465f6d1f\` (\`recordsId\`), INDEX \`IDX_8d008f13f60fb8376677e5a0ee\` (\`goodsId\`), PRIMARY KEY (\`recordsId\`, \`goodsId\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`record_persons\` ADD \`address\` varchar(200) NULL`);
    await queryRunner.query(`ALTER TABLE \`record_persons\` ADD \`zipCode\` varchar(5) NULL`);
    await queryRunner.query(`ALTER TABLE \`record_persons\` ADD \`city\` varchar(100) NULL`);
    await queryRunner.query(`ALTER TABLE \`record_persons\` ADD \`employer\` varchar(100) NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`members\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`discoverySource\` enum ('search_engine', 'social_network', 'listing_site', 'word_of_mouth', 'employer', 'site_sign', 'town_hall', 'other') NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`flatSizes\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`maxRent\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`records\` ADD \`completeNotifiedAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`keyId\` varchar(40) NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`pages\` int NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`scan\` enum ('clean', 'not_scanned') NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`source\` enum ('owner', 'shared_link', 'staff') NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`status\` enum ('to_process', 'validated', 'declined') NOT NULL DEFAULT 'to_process'`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`reason\` varchar(500) NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`reviewedAt\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`reviewedById\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`watermarkedName\` varchar(80) NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` ADD \`watermarkedType\` varchar(100) NULL`);
    await queryRunner.query(`ALTER TABLE \`tokens\` CHANGE \`kind\` \`kind\` enum ('registration', 'password_reset', 'document_upload', 'email_change') NOT NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_295945d637d38c5f2ed3b69ee6\` ON \`record_documents\` (\`recordId\`, \`person\`, \`type\`)`);
    await queryRunner.query(`ALTER TABLE \`record_wished_residences\` ADD CONSTRAINT \`FK_c38254eaf6ea7b936946c874371\` FOREIGN KEY (\`recordsId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`record_wished_residences\` ADD CONSTRAINT \`FK_84b1a697aae51840ac70614aedd\` FOREIGN KEY (\`residencesId\`) REFERENCES \`residences\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`record_wished_goods\` ADD CONSTRAINT \`FK_de1ac236305b9af15e465f6d1fa\` FOREIGN KEY (\`recordsId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE \`record_wished_goods\` ADD CONSTRAINT \`FK_8d008f13f60fb8376677e5a0ee2\` FOREIGN KEY (\`goodsId\`) REFERENCES \`goods\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`record_wished_goods\` DROP FOREIGN KEY \`FK_8d008f13f60fb8376677e5a0ee2\``);
    await queryRunner.query(`ALTER TABLE \`record_wished_goods\` DROP FOREIGN KEY \`FK_de1ac236305b9af15e465f6d1fa\``);
    await queryRunner.query(`ALTER TABLE \`record_wished_residences\` DROP FOREIGN KEY \`FK_84b1a697aae51840ac70614aedd\``);
    await queryRunner.query(`ALTER TABLE \`record_wished_residences\` DROP FOREIGN KEY \`FK_c38254eaf6ea7b936946c874371\``);
    await queryRunner.query(`DROP INDEX \`IDX_295945d637d38c5f2ed3b69ee6\` ON \`record_documents\``);
    await queryRunner.query(`ALTER TABLE \`tokens\` CHANGE \`kind\` \`kind\` enum ('registration', 'password_reset', 'document_upload') NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`watermarkedType\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`watermarkedName\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`reviewedById\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`reviewedAt\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`reason\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`status\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`source\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`scan\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`pages\``);
    await queryRunner.query(`ALTER TABLE \`record_documents\` DROP COLUMN \`keyId\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`completeNotifiedAt\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`maxRent\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`flatSizes\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`discoverySource\``);
    await queryRunner.query(`ALTER TABLE \`records\` DROP COLUMN \`members\``);
    await queryRunner.query(`ALTER TABLE \`record_persons\` DROP COLUMN \`employer\``);
    await queryRunner.query(`ALTER TABLE \`record_persons\` DROP COLUMN \`city\``);
    await queryRunner.query(`ALTER TABLE \`record_persons\` DROP COLUMN \`zipCode\``);
    await queryRunner.query(`ALTER TABLE \`record_persons\` DROP COLUMN \`address\``);
    await queryRunner.query(`DROP INDEX \`IDX_8d008f13f60fb8376677e5a0ee\` ON \`record_wished_goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_de1ac236305b9af15e465f6d1f\` ON \`record_wished_goods\``);
    await queryRunner.query(`DROP TABLE \`record_wished_goods\``);
    await queryRunner.query(`DROP INDEX \`IDX_84b1a697aae51840ac70614aed\` ON \`record_wished_residences\``);
    await queryRunner.query(`DROP INDEX \`IDX_c38254eaf6ea7b936946c87437\` ON \`record_wished_residences\``);
    await queryRunner.query(`DROP TABLE \`record_wished_residences\``);
    await queryRunner.query(`DROP INDEX \`IDX_52baf401f326175e8380304937\` ON \`audit_entries\``);
    await queryRunner.query(`DROP INDEX \`IDX_e5887d28d8d84b3bab3723640e\` ON \`audit_entries\``);
    await queryRunner.query(`DROP TABLE \`audit_entries\``);
  }
}
