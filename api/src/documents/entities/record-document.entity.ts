import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import {
  DOCUMENT_SOURCES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  SCAN_STATUSES,
  type DocumentSource,
  type DocumentStatus,
  type DocumentType,
  type ScanStatus,
} from '@hsa-lli/common/domain';
import { Record } from '../../records/entities/record.entity.js';

/**
 * A supporting document of a record (named p1_<type> or p2_<type> in the spec). Its file lives under
 * DATA_DIR/private/documents, never in a web root, under a random name, encrypted with the key `keyId` names. The
 * index holds the status too: the staff's list reads where each file's documents stand from it alone.
 */
@Entity('record_documents')
@Index(['record', 'person', 'type', 'status'])
export class RecordDocument {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, (record) => record.documents, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  /** 1 or 2: the person the document belongs to. */
  @Column({ type: 'int' })
  person!: number;

  @Column({ type: 'simple-enum', enum: DOCUMENT_TYPES })
  type!: DocumentType;

  /** The name the file had on its owner's device, cleaned of paths and control characters. */
  @Column({ type: 'varchar', length: 255 })
  originalName!: string;

  @Column({ type: 'varchar', length: 80, unique: true })
  storedName!: string;

  /** The key the stored file is encrypted with (DOCUMENTS_KEYS), so that keys can be rotated. */
  @Column({ type: 'varchar', length: 40 })
  keyId!: string;

  /** What the kept file is (a HEIC photo is kept as JPEG). */
  @Column({ type: 'varchar', length: 100 })
  contentType!: string;

  /** Bytes of the kept file, before encryption. */
  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'int', default: 1 })
  pages!: number;

  /** SHA-256 of the kept file before encryption: checked each time it is read. */
  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  @Column({ type: 'simple-enum', enum: SCAN_STATUSES })
  scan!: ScanStatus;

  @Column({ type: 'simple-enum', enum: DOCUMENT_SOURCES })
  source!: DocumentSource;

  @Column({ type: 'simple-enum', enum: DOCUMENT_STATUSES, default: 'to_process' })
  status!: DocumentStatus;

  /** Why staff refused it, in their words. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reason!: string | null;

  @Column({ type: 'datetime', nullable: true })
  reviewedAt!: Date | null;

  @Column({ type: 'int', nullable: true })
  reviewedById!: number | null;

  /** The watermarked copy staff read, made by a queue job; null until it is made. */
  @Column({ type: 'varchar', length: 80, nullable: true })
  watermarkedName!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  watermarkedType!: string | null;

  @CreateDateColumn({ type: 'datetime' })
  uploadedAt!: Date;
}
