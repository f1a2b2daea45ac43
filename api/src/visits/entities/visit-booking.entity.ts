import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { RecordEvent } from '../../follow-up/entities/record-event.entity.js';
import { Record } from '../../records/entities/record.entity.js';
import { VisitSlot } from './visit-slot.entity.js';

/**
 * A place taken on a slot: who comes and how to reach them; the application file of the account with that address,
 * and the visit event it put in that file's follow-up. Its link (SignedLinks) lets its maker cancel or move it.
 */
@Entity('visit_bookings')
export class VisitBooking {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => VisitSlot, (slot) => slot.bookings, { nullable: false, onDelete: 'CASCADE' })
  slot!: Relation<VisitSlot>;

  @Column({ type: 'varchar', length: 160 })
  name!: string;

  @Index()
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 30 })
  phone!: string;

  @ManyToOne(() => Record, { nullable: true, onDelete: 'SET NULL' })
  record!: Relation<Record> | null;

  @ManyToOne(() => RecordEvent, { nullable: true, onDelete: 'SET NULL' })
  event!: Relation<RecordEvent> | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  cancelledAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  remindedAt!: Date | null;
}
