import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import {
  HOUSING_SITUATIONS,
  PRO_SITUATIONS,
  type HousingSituation,
  type ProSituation,
} from '@hsa-lli/common/domain';
import { Record } from './record.entity.js';

/** person_1 or person_2 of a record. */
@Entity('record_persons')
@Unique(['record', 'position'])
export class RecordPerson {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, (record) => record.persons, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  /** 1 or 2. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  /** Indexed, as the e-mail address, for the staff's search: scanning an index is cheaper than the table. */
  @Index()
  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'date', nullable: true })
  birthDate!: string | null;

  @Index()
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  zipCode!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'simple-enum', enum: PRO_SITUATIONS, nullable: true })
  proSituation!: ProSituation | null;

  /** The employer, or the business of a self-employed person. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  employer!: string | null;

  @Column({ type: 'simple-enum', enum: HOUSING_SITUATIONS, nullable: true })
  housingSituation!: HousingSituation | null;

  /** Revenu fiscal de référence of year N-2, in euros. */
  @Column({ type: 'int', nullable: true })
  taxIncome!: number | null;
}
