import { VISIT_KINDS, type VisitKind } from '@hsa-lli/common/domain';
import { Column, CreateDateColumn, Entity, Index, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Good } from '../../goods/entities/good.entity.js';
import { VisitBooking } from './visit-booking.entity.js';

/** A time staff offer to show a good, on site or online, to as many people as its capacity (docs/visits.md). */
@Entity('visit_slots')
@Index(['good', 'startsAt'])
export class VisitSlot {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Good, { nullable: false, onDelete: 'CASCADE' })
  good!: Relation<Good>;

  @Index()
  @Column({ type: 'datetime' })
  startsAt!: Date;

  @Column({ type: 'int' })
  durationMinutes!: number;

  @Column({ type: 'simple-enum', enum: VISIT_KINDS })
  kind!: VisitKind;

  @Column({ type: 'varchar', length: 200, nullable: true })
  place!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  url!: string | null;

  @Column({ type: 'int' })
  capacity!: number;

  @OneToMany(() => VisitBooking, (booking) => booking.slot)
  bookings!: Relation<VisitBooking[]>;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
