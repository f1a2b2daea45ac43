import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildAuditEntries } from './1796050000000-audit-actions.js';

const ACTIONS = ['record_view', 'document_read', 'documents_review', 'upload_link_create', 'upload_link_withdraw', 'follow_up_change', 'invitation_resend'];

/**
 * The allocation committee (docs/committee.md): its sessions and their members, the goods on each agenda with their
 * candidates and decisions, the members' recommendations, each good's discussion, and the offers made to the chosen
 * applicants; and the audit trail's action of a committee member reading a candidate.
 */
export class SqliteCommittee1796200000000 implements MigrationInterface {
  name = 'Committee1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "committee_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "date" datetime NOT NULL, "place" varchar(200), "videoUrl" varchar(500), "voteClosesAt" datetime, "state" varchar CHECK( "state" IN ('scheduled','open','closed') ) NOT NULL DEFAULT ('scheduled'), "openedAt" datetime, "closedAt" datetime, "closedById" integer, "closedByName" varchar(210), "quorumPresent" integer, "quorumRequired" integer, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "version" integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "IDX_fcf31ba3eeda955be23e4fcf28" ON "committee_sessions" ("date")`);
    await queryRunner.query(`CREATE TABLE "committee_agenda_items" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "position" integer NOT NULL, "outcome" varchar CHECK( "outcome" IN ('allocated','allocated_ranked','allocated_conditional','not_allocated','inadmissible') ), "condition" text, "sessionId" integer NOT NULL, "goodId" integer NOT NULL, CONSTRAINT "FK_81fcf56f7570de5592b9818f12b" FOREIGN KEY ("sessionId") REFERENCES "committee_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_90ce0bf8091abe4005a0b2e7f71" FOREIGN KEY ("goodId") REFERENCES "goods" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_855eae2d4a635ba52126bc2519" ON "committee_agenda_items" ("sessionId", "goodId")`);
    await queryRunner.query(`CREATE TABLE "committee_candidates" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "position" integer NOT NULL, "rank" integer, "reason" text, "addedAt" datetime NOT NULL DEFAULT (datetime('now')), "itemId" integer NOT NULL, "recordId" integer NOT NULL, CONSTRAINT "FK_e8081fbfd1548a679c2f9d6e9b9" FOREIGN KEY ("itemId") REFERENCES "committee_agenda_items" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_66332508881854abd7e99edfb7b" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_1f1146511a97b32b1d98c7a3d8" ON "committee_candidates" ("itemId", "recordId")`);
    await queryRunner.query(`CREATE TABLE "committee_messages" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "authorId" integer, "authorName" varchar(210) NOT NULL, "body" text NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "itemId" integer NOT NULL, CONSTRAINT "FK_6402d1e5a715253559ca85e9204" FOREIGN KEY ("itemId") REFERENCES "committee_agenda_items" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE TABLE "committee_recommendations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "memberId" integer NOT NULL, "memberName" varchar(210) NOT NULL, "opinion" varchar CHECK( "opinion" IN ('favorable','unfavorable','reserved','abstain') ) NOT NULL, "reason" text, "conflictOfInterest" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime('now')), "updatedAt" datetime NOT NULL DEFAULT (datetime('now')), "candidateId" integer NOT NULL, CONSTRAINT "FK_a4760c60750bc0b5cd133b3f507" FOREIGN KEY ("candidateId") REFERENCES "committee_candidates" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b0aa384c3cca3fd2b51a216979" ON "committee_recommendations" ("candidateId", "memberId")`);
    await queryRunner.query(`CREATE TABLE "offers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "state" varchar CHECK( "state" IN ('pending','accepted','declined','expired','withdrawn') ) NOT NULL DEFAULT ('pending'), "condition" text, "sentAt" datetime NOT NULL, "deadline" datetime NOT NULL, "answeredAt" datetime, "reason" text, "recordId" integer NOT NULL, "goodId" integer NOT NULL, "candidateId" integer NOT NULL, CONSTRAINT "FK_7187ca5ab52ef42b87e0f45d49f" FOREIGN KEY ("recordId") REFERENCES "records" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_a3a4b02d700a953591c2939d2c1" FOREIGN KEY ("goodId") REFERENCES "goods" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_37e9cd61999f7733c4fbdfb34c3" FOREIGN KEY ("candidateId") REFERENCES "committee_candidates" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_c093de38fd50b84896141272c2" ON "offers" ("state", "deadline")`);
    await queryRunner.query(`CREATE TABLE "committee_session_members" ("sessionId" integer NOT NULL, "userId" integer NOT NULL, CONSTRAINT "FK_8a9e0220b75d2d24b14db27b6b1" FOREIGN KEY ("sessionId") REFERENCES "committee_sessions" ("id") ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_ecf4b969c0767ebcc1c6c44f6f8" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE, PRIMARY KEY ("sessionId", "userId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_8a9e0220b75d2d24b14db27b6b" ON "committee_session_members" ("sessionId")`);
    await queryRunner.query(`CREATE INDEX "IDX_ecf4b969c0767ebcc1c6c44f6f" ON "committee_session_members" ("userId")`);
    for (const statement of rebuildAuditEntries([...ACTIONS, 'committee_review'])) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of rebuildAuditEntries(ACTIONS)) await queryRunner.query(statement);
    await queryRunner.query(`DROP TABLE "committee_session_members"`);
    await queryRunner.query(`DROP TABLE "offers"`);
    await queryRunner.query(`DROP TABLE "committee_recommendations"`);
    await queryRunner.query(`DROP TABLE "committee_messages"`);
    await queryRunner.query(`DROP TABLE "committee_candidates"`);
    await queryRunner.query(`DROP TABLE "committee_agenda_items"`);
    await queryRunner.query(`DROP TABLE "committee_sessions"`);
  }
}
