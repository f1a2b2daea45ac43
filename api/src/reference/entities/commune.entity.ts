import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ZONES, type Zone } from '@hsa-lli/common/domain';

/** A commune served; rows come from common/domain's COMMUNES through a migration. */
@Entity('communes')
export class Commune {
  /** INSEE code. */
  @PrimaryColumn({ type: 'varchar', length: 5 })
  insee!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 5 })
  postalCode!: string;

  @Column({ type: 'varchar', length: 3 })
  departement!: string;

  @Column({ type: 'simple-enum', enum: ZONES })
  zone!: Zone;
}
