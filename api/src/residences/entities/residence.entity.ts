import {
  Column,
  CreateDateColumn,
  Entity,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import {
  RESIDENCE_STATUSES,
  ZONES,
  type Advantage,
  type Certification,
  type ResidenceStatus,
  type Zone,
} from '@hsa-lli/common/domain';
import { Commune } from '../../reference/entities/commune.entity.js';
import { Equipment } from '../../equipments/entities/equipment.entity.js';
import { Good } from '../../goods/entities/good.entity.js';
import { Image } from '../../images/entities/image.entity.js';

@Entity('residences')
export class Residence {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 160, unique: true })
  slug!: string;

  @Column({ type: 'simple-enum', enum: RESIDENCE_STATUSES, default: 'draft' })
  status!: ResidenceStatus;

  /** Shown instead of the availability when the residence is closed to applications. */
  @Column({ type: 'varchar', length: 160, nullable: true })
  closedLabel!: string | null;

  @Column({ type: 'varchar', length: 40, unique: true })
  reference!: string;

  @Column({ type: 'varchar', length: 160 })
  name!: string;

  /** The zone of the zonage ABC (the spec's `area`), kept with the residence for filtering. */
  @Column({ type: 'simple-enum', enum: ZONES })
  area!: Zone;

  @ManyToOne(() => Commune, { nullable: false, eager: true })
  city!: Relation<Commune>;

  @Column({ type: 'varchar', length: 160, nullable: true })
  neighborhood!: string | null;

  @Column({ type: 'date', nullable: true })
  deliveryDate!: string | null;

  /** Last day to apply. */
  @Column({ type: 'date', nullable: true })
  limitDate!: string | null;

  @ManyToMany(() => Equipment)
  @JoinTable({ name: 'residence_facilities' })
  facilities!: Relation<Equipment>[];

  @Column({ type: 'json' })
  advantages!: Advantage[];

  @Column({ type: 'json' })
  certifications!: Certification[];

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text', nullable: true })
  districtDesc!: string | null;

  @Column({ type: 'varchar', length: 200 })
  addressLine1!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  addressLine2!: string | null;

  @OneToMany(() => Image, (image) => image.residence)
  photos!: Relation<Image>[];

  @OneToMany(() => Good, (good) => good.residence)
  goods!: Relation<Good>[];

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;

  /** Goes up at each save: an update made on an older version is refused (someone saved meanwhile). */
  @VersionColumn({ default: 1 })
  version!: number;
}
