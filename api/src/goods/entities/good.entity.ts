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
  VersionColumn,
  type Relation,
} from 'typeorm';
import { FLAT_SIZES, type FlatSize } from '@hsa-lli/common/domain';
import { Equipment } from '../../equipments/entities/equipment.entity.js';
import { Image } from '../../images/entities/image.entity.js';
import { Residence } from '../../residences/entities/residence.entity.js';

/**
 * The back office lists 20,000 goods a page at a time: each column it sorts by has an index in that order (the id,
 * which breaks ties, is the end of every secondary index), and the flat size filter has one in rent order.
 */
@Entity('goods')
@Index(['flatSize', 'rentPriceCents'])
@Index(['rentPriceCents'])
@Index(['reference', 'id'])
@Index(['surface'])
@Index(['availableFrom'])
@Index(['updatedAt'])
export class Good {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @ManyToOne(() => Residence, (residence) => residence.goods, { nullable: false, onDelete: 'CASCADE' })
  residence!: Relation<Residence>;

  @Column({ type: 'varchar', length: 40, unique: true })
  reference!: string;

  /** The `good_slug` of the good's address. */
  @Column({ type: 'varchar', length: 160 })
  slug!: string;

  @Column({ type: 'simple-enum', enum: FLAT_SIZES })
  flatSize!: FlatSize;

  /** Living area in m². */
  @Column({ type: 'double' })
  surface!: number;

  /** Monthly rent, charges included, in cents. */
  @Column({ type: 'int' })
  rentPriceCents!: number;

  /** Monthly charges, in cents. */
  @Column({ type: 'int' })
  monthlyCostsCents!: number;

  @Column({ type: 'text' })
  description!: string;

  @ManyToMany(() => Equipment)
  @JoinTable({ name: 'good_facilities' })
  facilities!: Relation<Equipment>[];

  /** Climate value of the DPE, kgCO2eq/m²/year; null where no DPE applies (a garage). */
  @Column({ type: 'int', nullable: true })
  dpeKgco2!: number | null;

  /** Energy value of the DPE, kWh/m²/year of primary energy; null where no DPE applies. */
  @Column({ type: 'int', nullable: true })
  dpeKwh!: number | null;

  /** Date from which the flat can be let; null when available now. Set by staff, and by a leaving (GoodsService.setOccupancy). */
  @Column({ type: 'date', nullable: true })
  availableFrom!: string | null;

  /**
   * A household lives in it, as the follow-up of the files naming it says (a lease signed or a move-in, no leaving
   * since): not available, whatever `availableFrom` says. Only GoodsService.setOccupancy changes it.
   */
  @Column({ type: 'boolean', default: false })
  occupied!: boolean;

  /** Photos and plans. */
  @OneToMany(() => Image, (image) => image.good)
  images!: Relation<Image>[];

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;

  /** Goes up at each save: an update made on an older version is refused (someone saved meanwhile). */
  @VersionColumn({ default: 1 })
  version!: number;
}
