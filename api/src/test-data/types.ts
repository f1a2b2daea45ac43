import type {
  DiscoverySource,
  DocumentSource,
  DocumentStatus,
  DocumentType,
  EventType,
  FlatSize,
  Household,
  HousingSituation,
  Link,
  MemberFields,
  Outcome,
  ProSituation,
  RecordStage,
  Role,
  ScanStatus,
} from '@hsa-lli/common/domain';

// What the test-data module takes and gives, in plain types that import no entity: the browser journeys (e2e/, which is
// not compiled with the API's decorators) type the built module with them. `TestData` (test-data.ts) implements
// `TestDataSession`, so that these types cannot drift from what the module does.

/** The database the server uses: its DATABASE_URL (MariaDB), else its data folder, which holds the SQLite file. */
export interface TestDataTarget {
  databaseUrl?: string;
  dataDir?: string;
}

/** An account. Its id is given by the database unless set; it has no password while `passwordHash` is null. */
export interface NewUser {
  id?: number;
  email: string;
  passwordHash?: string | null;
  roles: Role[];
  firstName: string;
  lastName: string;
  phone?: string | null;
  active?: boolean;
  lastLoginAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
  version?: number;
}

/** person_1 or person_2 of a file. */
export interface NewPerson {
  id?: number;
  position: number;
  firstName: string;
  lastName: string;
  birthDate?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  zipCode?: string | null;
  city?: string | null;
  proSituation?: ProSituation | null;
  employer?: string | null;
  housingSituation?: HousingSituation | null;
  taxIncome?: number | null;
}

/** A follow-up event of a file; `good` is a good's id. */
export interface NewEvent {
  id?: number;
  type: EventType;
  reason?: string | null;
  good?: number | null;
  at: Date;
  outcome?: Outcome | null;
  comment?: string | null;
  actorId?: number | null;
  actorName: string;
  createdAt?: Date;
}

/** A move of a file from a stage to another. */
export interface NewStageChange {
  id?: number;
  from: RecordStage;
  to: RecordStage;
  comment?: string | null;
  actorId?: number | null;
  actorName: string;
  at: Date;
}

/** A document's row (the file itself is not written: a row is what lists and statistics read). */
export interface NewDocument {
  id?: number;
  person: number;
  type: DocumentType;
  originalName: string;
  storedName: string;
  keyId: string;
  contentType: string;
  size: number;
  pages?: number;
  sha256: string;
  scan: ScanStatus;
  source: DocumentSource;
  status?: DocumentStatus;
  reason?: string | null;
  reviewedAt?: Date | null;
  reviewedById?: number | null;
  watermarkedName?: string | null;
  watermarkedType?: string | null;
  uploadedAt?: Date;
}

/**
 * An application file with everything that hangs on it. `user`, `follower`, `residence` and `good` are ids, as are its
 * wishes. Its list columns are left for the server to work out, as it does for any file written without them.
 */
export interface NewFile {
  id?: number;
  reference: string;
  stage?: RecordStage;
  stageChangedAt?: Date | null;
  situation: Household;
  link?: Link | null;
  dependants?: number;
  members?: MemberFields[] | null;
  discoverySource?: DiscoverySource | null;
  flatSizes?: FlatSize[] | null;
  maxRent?: number | null;
  completeNotifiedAt?: Date | null;
  user?: number | null;
  follower?: number | null;
  residence?: number | null;
  good?: number | null;
  createdAt?: Date;
  updatedAt?: Date;
  persons: NewPerson[];
  wishedResidences?: number[];
  wishedGoods?: number[];
  events?: NewEvent[];
  stageChanges?: NewStageChange[];
  documents?: NewDocument[];
}

/** A line of a file's audit trail: `recordId` need not name an existing file (the trail is kept apart from them). */
export interface NewAuditEntry {
  action: string;
  recordId: number;
  documentId?: number | null;
  actorId: number;
  actorName: string;
  actorRoles: string;
  ip: string;
  userAgent: string;
  at?: Date;
}

/** A published residence, with its goods' ids in their order. */
export interface PublishedResidence {
  id: number;
  name: string;
  goods: number[];
}

/** What a test can do with the server's data through the entities: find the demo's rows, write its own, take them away. */
export interface TestDataSession {
  residenceId(name: string): Promise<number>;
  goodId(reference: string): Promise<number>;
  /** An account's id and password hash, or null when there is none with that address. */
  user(email: string): Promise<{ id: number; passwordHash: string | null } | null>;
  recordId(reference: string): Promise<number | null>;
  /** The published residences that have goods, in the order of their ids. */
  publishedResidences(): Promise<PublishedResidence[]>;
  /** Writes the accounts; answers their ids. */
  users(users: readonly NewUser[]): Promise<number[]>;
  /** Writes the files with their persons, wishes, events, stage changes and documents; answers their ids. */
  files(files: readonly NewFile[]): Promise<number[]>;
  auditEntries(entries: readonly NewAuditEntry[]): Promise<void>;
  /** Takes files away with what hangs on them (persons, wishes, events, notes, documents' rows, links). */
  removeFiles(references: readonly string[]): Promise<void>;
  removeUsers(emails: readonly string[]): Promise<void>;
  /** Runs `work` in one transaction: all of it is written, or none. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How the module is opened: `openTestData` of index.ts. */
export type OpenTestData = (target: TestDataTarget, options?: { bulk?: boolean }) => Promise<TestDataSession>;
