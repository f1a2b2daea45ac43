import {
  Column,
  CreateDateColumn,
  Entity,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  HOUSEHOLDS,
  LINKS,
  REFERENCE_STATUSES,
  type Household,
  type Link,
  type ReferenceStatus,
} from '@hsa-lli/common/domain';
import { User } from '../../users/entities/user.entity.js';
import { Good } from '../../goods/entities/good.entity.js';
import { Residence } from '../../residences/entities/residence.entity.js';
import { RecordDocument } from './record-document.entity.js';
import { RecordPerson } from './record-person.entity.js';

/** An application file (dossier). */
@Entity('records')
export class Record {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40, unique: true })
  reference!: string;

  @Column({ type: 'simple-enum', enum: REFERENCE_STATUSES, default: 'new' })
  status!: ReferenceStatus;

  @Column({ type: 'simple-enum', enum: HOUSEHOLDS })
  situation!: Household;

  /** How the second person is related to the first, for a couple. */
  @Column({ type: 'simple-enum', enum: LINKS, nullable: true })
  link!: Link | null;

  @Column({ type: 'int', default: 0 })
  dependants!: number;

  /** The customer account that owns the file. */
  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  user!: Relation<User> | null;

  @ManyToOne(() => Residence, { nullable: true, onDelete: 'SET NULL' })
  residence!: Relation<Residence> | null;

  @ManyToOne(() => Good, { nullable: true, onDelete: 'SET NULL' })
  good!: Relation<Good> | null;

  @OneToMany(() => RecordPerson, (person) => person.record, { cascade: true })
  persons!: Relation<RecordPerson>[];

  @OneToMany(() => RecordDocument, (document) => document.record)
  documents!: Relation<RecordDocument>[];

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
