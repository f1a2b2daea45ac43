import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DOCUMENT_TYPES, type DocumentType } from '@hsa-lli/common/domain';
import { Record } from './record.entity.js';

/**
 * A supporting document of a record (named p1_<type> or p2_<type> in the spec). The file lives
 * under DATA_DIR/private/documents, never in a web root, under a random name.
 */
@Entity('record_documents')
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

  @Column({ type: 'varchar', length: 255 })
  originalName!: string;

  @Column({ type: 'varchar', length: 80, unique: true })
  storedName!: string;

  @Column({ type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  @CreateDateColumn({ type: 'datetime' })
  uploadedAt!: Date;
}
