import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Residence } from '../../residences/entities/residence.entity.js';
import { Good } from '../../goods/entities/good.entity.js';

export const IMAGE_KINDS = ['photo', 'plan'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** A public picture (photo or plan) of a residence or a good; the file lives under DATA_DIR/public/images. */
@Entity('images')
export class Image {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Residence, (residence) => residence.photos, { nullable: true, onDelete: 'CASCADE' })
  residence!: Relation<Residence> | null;

  @ManyToOne(() => Good, (good) => good.images, { nullable: true, onDelete: 'CASCADE' })
  good!: Relation<Good> | null;

  @Column({ type: 'simple-enum', enum: IMAGE_KINDS, default: 'photo' })
  kind!: ImageKind;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'varchar', length: 255 })
  fileName!: string;

  @Column({ type: 'varchar', length: 60 })
  contentType!: string;

  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  /** Alternative text, in French. */
  @Column({ type: 'varchar', length: 255 })
  alt!: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
