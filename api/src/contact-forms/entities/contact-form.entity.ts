import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Record } from '../../records/entities/record.entity.js';
import {
  CONTACT_SUBJECTS,
  REFERENCE_STATUSES,
  type ContactSubject,
  type ReferenceStatus,
} from '@hsa-lli/common/domain';

/** A contact request sent from the public site. */
@Entity('contact_forms')
export class ContactForm {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'simple-enum', enum: CONTACT_SUBJECTS })
  subject!: ContactSubject;

  @Column({ type: 'simple-enum', enum: REFERENCE_STATUSES, default: 'new' })
  status!: ReferenceStatus;

  @Column({ type: 'varchar', length: 160 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  /** The visitor agreed to be contacted back. */
  @Column({ type: 'boolean' })
  consent!: boolean;

  /** Answers of the eligibility test when the request comes from it. */
  @Column({ type: 'json', nullable: true })
  eligibility!: unknown;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  /** When staff first opened it: before that it is shown as unread. */
  @Column({ type: 'datetime', nullable: true })
  readAt!: Date | null;

  /** When it was marked « Terminé ». */
  @Column({ type: 'datetime', nullable: true })
  completedAt!: Date | null;

  /** The application file it became. */
  @ManyToOne(() => Record, { nullable: true, onDelete: 'SET NULL' })
  record!: Relation<Record> | null;
}
