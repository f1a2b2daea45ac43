import type { MigrationInterface, QueryRunner } from "typeorm";

export class MariadbInit1795280192680 implements MigrationInterface {
    name = 'Init1795280192680'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE \`contact_forms\` (\`id\` int NOT NULL AUTO_INCREMENT, \`subject\` enum ('new_record', 'record_follow_up', 'infos', 'rgpd') NOT NULL, \`status\` enum ('new', 'completed') NOT NULL DEFAULT 'new', \`name\` varchar(160) NOT NULL, \`email\` varchar(254) NOT NULL, \`phone\` varchar(30) NULL, \`message\` text NOT NULL, \`consent\` tinyint NOT NULL, \`eligibility\` json NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`equipments\` (\`id\` int NOT NULL AUTO_INCREMENT, \`name\` varchar(120) NOT NULL, \`type\` enum ('good', 'residence') NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`communes\` (\`insee\` varchar(5) NOT NULL, \`name\` varchar(120) NOT NULL, \`postalCode\` varchar(5) NOT NULL, \`departement\` varchar(3) NOT NULL, \`zone\` enum ('Abis', 'A', 'B1', 'B2C') NOT NULL, PRIMARY KEY (\`insee\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`residences\` (\`id\` int NOT NULL AUTO_INCREMENT, \`slug\` varchar(160) NOT NULL, \`status\` enum ('draft', 'published', 'closed') NOT NULL DEFAULT 'draft', \`closedLabel\` varchar(160) NULL, \`reference\` varchar(40) NOT NULL, \`name\` varchar(160) NOT NULL, \`area\` enum ('Abis', 'A', 'B1', 'B2C') NOT NULL, \`neighborhood\` varchar(160) NULL, \`deliveryDate\` date NULL, \`limitDate\` date NULL, \`advantages\` json NOT NULL, \`certifications\` json NOT NULL, \`description\` text NOT NULL, \`districtDesc\` text NULL, \`addressLine1\` varchar(200) NOT NULL, \`addressLine2\` varchar(200) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`cityInsee\` varchar(5) NOT NULL, UNIQUE INDEX \`IDX_63d38f6fba4e88155af613feda\` (\`slug\`), UNIQUE INDEX \`IDX_b7b1d5a2efb6ff08fa04c352e5\` (\`reference\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`images\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` enum ('photo', 'plan') NOT NULL DEFAULT 'photo', \`position\` int NOT NULL DEFAULT '0', \`fileName\` varchar(255) NOT NULL, \`contentType\` varchar(60) NOT NULL, \`width\` int NOT NULL, \`height\` int NOT NULL, \`alt\` varchar(255) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`residenceId\` int NULL, \`goodId\` int NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`goods\` (\`id\` int NOT NULL AUTO_INCREMENT, \`enabled\` tinyint NOT NULL DEFAULT 0, \`reference\` varchar(40) NOT NULL, \`slug\` varchar(160) NOT NULL, \`flatSize\` enum ('garage', 'studio', 'T1', 'T1bis', 'T2', 'T2bis', 'T3', 'T3bis', 'T4', 'T4bis', 'T5', 'T5bis', 'T6', 'T6bis') NOT NULL, \`surface\` double NOT NULL, \`rentPriceCents\` int NOT NULL, \`monthlyCostsCents\` int NOT NULL, \`description\` text NOT NULL, \`dpeKgco2\` int NULL, \`dpeKwh\` int NULL, \`availableFrom\` date NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`residenceId\` int NOT NULL, UNIQUE INDEX \`IDX_f43a73e390050259701b1aad07\` (\`reference\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`users\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) NOT NULL, \`passwordHash\` varchar(255) NULL, \`roles\` json NOT NULL, \`firstName\` varchar(100) NOT NULL, \`lastName\` varchar(100) NOT NULL, \`phone\` varchar(30) NULL, \`active\` tinyint NOT NULL DEFAULT 1, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_97672ac88f789774dd47f7c8be\` (\`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`record_persons\` (\`id\` int NOT NULL AUTO_INCREMENT, \`position\` int NOT NULL, \`firstName\` varchar(100) NOT NULL, \`lastName\` varchar(100) NOT NULL, \`birthDate\` date NULL, \`email\` varchar(254) NULL, \`phone\` varchar(30) NULL, \`proSituation\` enum ('etudiants', 'cdd', 'cdi', 'ctt', 'benef_prestas', 'retraite', 'independant') NULL, \`housingSituation\` enum ('loc_prive', 'loc_social', 'proprio', 'heberge') NULL, \`taxIncome\` int NULL, \`recordId\` int NOT NULL, UNIQUE INDEX \`IDX_a88064c7c63cfc550418224425\` (\`recordId\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`records\` (\`id\` int NOT NULL AUTO_INCREMENT, \`reference\` varchar(40) NOT NULL, \`status\` enum ('new', 'completed') NOT NULL DEFAULT 'new', \`situation\` enum ('alone', 'couple') NOT NULL, \`link\` enum ('marie', 'pacse', 'concubin', 'ascendant', 'descendant', 'fratrie') NULL, \`dependants\` int NOT NULL DEFAULT '0', \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updatedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`userId\` int NULL, \`residenceId\` int NULL, \`goodId\` int NULL, UNIQUE INDEX \`IDX_5eb874c0fee9ebc700f284a363\` (\`reference\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`record_documents\` (\`id\` int NOT NULL AUTO_INCREMENT, \`person\` int NOT NULL, \`type\` enum ('nat_id', 'birth_certificate', 'rent_receipts', 'tax_notices', 'payslips', 'employer_contract', 'retirement_certificate', 'kbis') NOT NULL, \`originalName\` varchar(255) NOT NULL, \`storedName\` varchar(80) NOT NULL, \`contentType\` varchar(100) NOT NULL, \`size\` int NOT NULL, \`sha256\` varchar(64) NOT NULL, \`uploadedAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`recordId\` int NOT NULL, UNIQUE INDEX \`IDX_053f25447d4c7b9e08f7247fd0\` (\`storedName\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`statistics\` (\`key\` varchar(80) NOT NULL, \`value\` json NOT NULL, \`computedAt\` datetime NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` enum ('registration', 'password_reset', 'document_upload') NOT NULL, \`tokenHash\` varchar(64) NOT NULL, \`email\` varchar(254) NOT NULL, \`firstName\` varchar(100) NULL, \`lastName\` varchar(100) NULL, \`role\` varchar(20) NULL, \`expiresAt\` datetime NOT NULL, \`usedAt\` datetime NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`userId\` int NULL, \`recordId\` int NULL, UNIQUE INDEX \`IDX_d089468ffba8d8ad3954f9d82d\` (\`tokenHash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`residence_facilities\` (\`residencesId\` int NOT NULL, \`equipmentsId\` int NOT NULL, INDEX \`IDX_62f26f5a5b74506ccc74cdef48\` (\`residencesId\`), INDEX \`IDX_f61bc50ffed94eae8e961c7774\` (\`equipmentsId\`), PRIMARY KEY (\`residencesId\`, \`equipmentsId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`CREATE TABLE \`good_facilities\` (\`goodsId\` int NOT NULL, \`equipmentsId\` int NOT NULL, INDEX \`IDX_4a1cfacaed2f3be6ba2516b517\` (\`goodsId\`), INDEX \`IDX_9afb66a75e1551d59a56d5faf5\` (\`equipmentsId\`), PRIMARY KEY (\`goodsId\`, \`equipmentsId\`)) ENGINE=InnoDB`);
        await queryRunner.query(`ALTER TABLE \`residences\` ADD CONSTRAINT \`FK_9eb86c4e03b93bd124703789613\` FOREIGN KEY (\`cityInsee\`) REFERENCES \`communes\`(\`insee\`) ON DELETE NO ACTION ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`images\` ADD CONSTRAINT \`FK_a82ef7f2188b1dbcf84caa515eb\` FOREIGN KEY (\`residenceId\`) REFERENCES \`residences\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`images\` ADD CONSTRAINT \`FK_8baf0a20c5a7d889fe8a926d49c\` FOREIGN KEY (\`goodId\`) REFERENCES \`goods\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`goods\` ADD CONSTRAINT \`FK_6ea6617feba631bbdcaec09d3a7\` FOREIGN KEY (\`residenceId\`) REFERENCES \`residences\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`record_persons\` ADD CONSTRAINT \`FK_4d420daee0e6c7e035a0188d223\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`records\` ADD CONSTRAINT \`FK_b392510e8a9898d395a871bd9cf\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`records\` ADD CONSTRAINT \`FK_687738044963d6d51d108e898ac\` FOREIGN KEY (\`residenceId\`) REFERENCES \`residences\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`records\` ADD CONSTRAINT \`FK_c9d88d3f7fd18733cd7d50ca9b6\` FOREIGN KEY (\`goodId\`) REFERENCES \`goods\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`record_documents\` ADD CONSTRAINT \`FK_477df04cdf357756fcd3f2f3a6b\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`tokens\` ADD CONSTRAINT \`FK_d417e5d35f2434afc4bd48cb4d2\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`tokens\` ADD CONSTRAINT \`FK_56bf36c3a701b3e430e5ed618bc\` FOREIGN KEY (\`recordId\`) REFERENCES \`records\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE \`residence_facilities\` ADD CONSTRAINT \`FK_62f26f5a5b74506ccc74cdef48b\` FOREIGN KEY (\`residencesId\`) REFERENCES \`residences\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE \`residence_facilities\` ADD CONSTRAINT \`FK_f61bc50ffed94eae8e961c7774f\` FOREIGN KEY (\`equipmentsId\`) REFERENCES \`equipments\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE \`good_facilities\` ADD CONSTRAINT \`FK_4a1cfacaed2f3be6ba2516b5179\` FOREIGN KEY (\`goodsId\`) REFERENCES \`goods\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE \`good_facilities\` ADD CONSTRAINT \`FK_9afb66a75e1551d59a56d5faf5f\` FOREIGN KEY (\`equipmentsId\`) REFERENCES \`equipments\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`good_facilities\` DROP FOREIGN KEY \`FK_9afb66a75e1551d59a56d5faf5f\``);
        await queryRunner.query(`ALTER TABLE \`good_facilities\` DROP FOREIGN KEY \`FK_4a1cfacaed2f3be6ba2516b5179\``);
        await queryRunner.query(`ALTER TABLE \`residence_facilities\` DROP FOREIGN KEY \`FK_f61bc50ffed94eae8e961c7774f\``);
        await queryRunner.query(`ALTER TABLE \`residence_facilities\` DROP FOREIGN KEY \`FK_62f26f5a5b74506ccc74cdef48b\``);
        await queryRunner.query(`ALTER TABLE \`tokens\` DROP FOREIGN KEY \`FK_56bf36c3a701b3e430e5ed618bc\``);
        await queryRunner.query(`ALTER TABLE \`tokens\` DROP FOREIGN KEY \`FK_d417e5d35f2434afc4bd48cb4d2\``);
        await queryRunner.query(`ALTER TABLE \`record_documents\` DROP FOREIGN KEY \`FK_477df04cdf357756fcd3f2f3a6b\``);
        await queryRunner.query(`ALTER TABLE \`records\` DROP FOREIGN KEY \`FK_c9d88d3f7fd18733cd7d50ca9b6\``);
        await queryRunner.query(`ALTER TABLE \`records\` DROP FOREIGN KEY \`FK_687738044963d6d51d108e898ac\``);
        await queryRunner.query(`ALTER TABLE \`records\` DROP FOREIGN KEY \`FK_b392510e8a9898d395a871bd9cf\``);
        await queryRunner.query(`ALTER TABLE \`record_persons\` DROP FOREIGN KEY \`FK_4d420daee0e6c7e035a0188d223\``);
        await queryRunner.query(`ALTER TABLE \`goods\` DROP FOREIGN KEY \`FK_6ea6617feba631bbdcaec09d3a7\``);
        await queryRunner.query(`ALTER TABLE \`images\` DROP FOREIGN KEY \`FK_8baf0a20c5a7d889fe8a926d49c\``);
        await queryRunner.query(`ALTER TABLE \`images\` DROP FOREIGN KEY \`FK_a82ef7f2188b1dbcf84caa515eb\``);
        await queryRunner.query(`ALTER TABLE \`residences\` DROP FOREIGN KEY \`FK_9eb86c4e03b93bd124703789613\``);
        await queryRunner.query(`DROP INDEX \`IDX_9afb66a75e1551d59a56d5faf5\` ON \`good_facilities\``);
        await queryRunner.query(`DROP INDEX \`IDX_4a1cfacaed2f3be6ba2516b517\` ON \`good_facilities\``);
        await queryRunner.query(`DROP TABLE \`good_facilities\``);
        await queryRunner.query(`DROP INDEX \`IDX_f61bc50ffed94eae8e961c7774\` ON \`residence_facilities\``);
        await queryRunner.query(`DROP INDEX \`IDX_62f26f5a5b74506ccc74cdef48\` ON \`residence_facilities\``);
        await queryRunner.query(`DROP TABLE \`residence_facilities\``);
        await queryRunner.query(`DROP INDEX \`IDX_d089468ffba8d8ad3954f9d82d\` ON \`tokens\``);
        await queryRunner.query(`DROP TABLE \`tokens\``);
        await queryRunner.query(`DROP TABLE \`statistics\``);
        await queryRunner.query(`DROP INDEX \`IDX_053f25447d4c7b9e08f7247fd0\` ON \`record_documents\``);
        await queryRunner.query(`DROP TABLE \`record_documents\``);
        await queryRunner.query(`DROP INDEX \`IDX_5eb874c0fee9ebc700f284a363\` ON \`records\``);
        await queryRunner.query(`DROP TABLE \`records\``);
        await queryRunner.query(`DROP INDEX \`IDX_a88064c7c63cfc550418224425\` ON \`record_persons\``);
        await queryRunner.query(`DROP TABLE \`record_persons\``);
        await queryRunner.query(`DROP INDEX \`IDX_97672ac88f789774dd47f7c8be\` ON \`users\``);
        await queryRunner.query(`DROP TABLE \`users\``);
        await queryRunner.query(`DROP INDEX \`IDX_f43a73e390050259701b1aad07\` ON \`goods\``);
        await queryRunner.query(`DROP TABLE \`goods\``);
        await queryRunner.query(`DROP TABLE \`images\``);
        await queryRunner.query(`DROP INDEX \`IDX_b7b1d5a2efb6ff08fa04c352e5\` ON \`residences\``);
        await queryRunner.query(`DROP INDEX \`IDX_63d38f6fba4e88155af613feda\` ON \`residences\``);
        await queryRunner.query(`DROP TABLE \`residences\``);
        await queryRunner.query(`DROP TABLE \`communes\``);
        await queryRunner.query(`DROP TABLE \`equipments\``);
        await queryRunner.query(`DROP TABLE \`contact_forms\``);
    }

}
