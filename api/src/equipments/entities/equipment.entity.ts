import { Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import { EQUIPMENT_TYPES, type EquipmentType } from '@hsa-lli/common/domain';

@Entity('equipments')
export class Equipment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'simple-enum', enum: EQUIPMENT_TYPES })
  type!: EquipmentType;

  /** Goes up at each save: an update made on an older version is refused (someone saved meanwhile). */
  @VersionColumn({ default: 1 })
  version!: number;
}
