import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { EQUIPMENT_TYPES, type EquipmentType } from '@hsa-lli/common/domain';

@Entity('equipments')
export class Equipment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'simple-enum', enum: EQUIPMENT_TYPES })
  type!: EquipmentType;
}
