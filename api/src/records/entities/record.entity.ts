import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  DISCOVERY_SOURCES,
  HOUSEHOLDS,
  LINKS,
  RECORD_STAGES,
  type DiscoverySource,
  type FlatSize,
  type Household,
  type Link,
  type MemberFields,
  type RecordStage,
} from '@hsa-lli/common/domain';
import { User } from '../../users/entities/user.entity.js';
import { Good } from '../../goods/entities/good.entity.js';
import { Residence } from '../../residences/entities/residence.entity.js';
import { RecordDocument } from '../../documents/entities/record-document.entity.js';
import { RecordPerson } from './record-person.entity.js';

/**
 * An application file (dossier). The indexes serve the staff's list: its filters, each in its default order, and its
 * sorts (the reference's with the id after it, the order pages are cut in).
 */
@Entity('records')
@Index(['createdAt'])
@Index(['updatedAt'])
@Index(['reference', 'id'])
@Index(['stage', 'createdAt'])
@Index(['stage', 'id'])
// Files that ended long ago have no recent event: the files of a stage are read in their events' order from there.
@Index(['stage', 'lastEventAt'])
@Index(['follower', 'createdAt'])
@Index(['eligible', 'createdAt'])
@Index(['incomplete', 'createdAt'])
@Index(['lastEventAt'])
@Index(['listYear'])
export class Record {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40, unique: true })
  reference!: string;

  /** Where the file stands (common/src/domain/follow-up.ts); each move is in `record_stage_changes`. */
  @Column({ type: 'simple-enum', enum: RECORD_STAGES, default: 'in_progress' })
  stage!: RecordStage;

  @Column({ type: 'datetime', nullable: true })
  stageChangedAt!: Date | null;

  /** The staff member following the file. */
  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  follower!: Relation<User> | null;

  @Column({ type: 'simple-enum', enum: HOUSEHOLDS })
  situation!: Household;

  /** How the second person is related to the first, for a couple. */
  @Column({ type: 'simple-enum', enum: LINKS, nullable: true })
  link!: Link | null;

  /** The number of dependants: `members.length`, kept as a column for the eligibility rule and the lists. */
  @Column({ type: 'int', default: 0 })
  dependants!: number;

  /** The dependants (first name, birth date, role). */
  @Column({ type: 'simple-json', nullable: true })
  members!: MemberFields[] | null;

  @Column({ type: 'simple-enum', enum: DISCOVERY_SOURCES, nullable: true })
  discoverySource!: DiscoverySource | null;

  /** What the household looks for: residences and goods chosen, flat sizes, a maximum rent in euros. */
  @ManyToMany(() => Residence)
  @JoinTable({ name: 'record_wished_residences' })
  wishedResidences!: Relation<Residence>[];

  @ManyToMany(() => Good)
  @JoinTable({ name: 'record_wished_goods' })
  wishedGoods!: Relation<Good>[];

  @Column({ type: 'simple-json', nullable: true })
  flatSizes!: FlatSize[] | null;

  @Column({ type: 'int', nullable: true })
  maxRent!: number | null;

  /** When the owner was told every required document is validated; cleared when that stops being true. */
  @Column({ type: 'datetime', nullable: true })
  completeNotifiedAt!: Date | null;

  /** The customer account that owns the file. */
  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  user!: Relation<User> | null;

  /** The residence and the good staff put the file forward for (the household's own choices are its wishes). */
  @ManyToOne(() => Residence, { nullable: true, onDelete: 'SET NULL' })
  residence!: Relation<Residence> | null;

  @ManyToOne(() => Good, { nullable: true, onDelete: 'SET NULL' })
  good!: Relation<Good> | null;

  @OneToMany(() => RecordPerson, (person) => person.record, { cascade: true })
  persons!: Relation<RecordPerson>[];

  @OneToMany(() => RecordDocument, (document) => document.record)
  documents!: Relation<RecordDocument>[];

  // What the staff's list filters and sorts by, worked out from the persons, documents, wishes and events by
  // RecordsListColumnsService.refresh whenever one of them changes (with the row the list shows): stored, so that a list of
  // many files reads them from an index rather than working them out for every file.

  /** The household's eligibility (RecordRow's `eligible`): null while unknown. */
  @Column({ type: 'boolean', nullable: true })
  eligible!: boolean | null;

  /** A required document is missing or refused. */
  @Column({ type: 'boolean', default: true })
  incomplete!: boolean;

  /** When the latest follow-up event happened. */
  @Column({ type: 'datetime', nullable: true })
  lastEventAt!: Date | null;

  /** The year whose LLI ceilings `eligible` was worked out with; null until the columns above are. */
  @Column({ type: 'int', nullable: true })
  listYear!: number | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
