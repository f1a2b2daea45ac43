import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Record } from '../../records/entities/record.entity.js';

/** A private note of staff on a file: never shown to its owner. */
@Entity('record_notes')
export class RecordNote {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  record!: Relation<Record>;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'int', nullable: true })
  authorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  authorName!: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
