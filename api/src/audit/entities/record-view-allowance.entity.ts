import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** More files a staff member may consult, granted by an administrator for the next 24 hours. */
@Entity('record_view_allowances')
@Index(['userId', 'createdAt'])
export class RecordViewAllowance {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'int' })
  extra!: number;

  @Column({ type: 'int' })
  grantedById!: number;

  @Column({ type: 'varchar', length: 210 })
  grantedByName!: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
