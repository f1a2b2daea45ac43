import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AgendaItem } from './agenda-item.entity.js';

/** A message of a good's discussion during a session, kept with it. */
@Entity('committee_messages')
export class CommitteeMessage {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => AgendaItem, { nullable: false, onDelete: 'CASCADE' })
  item!: Relation<AgendaItem>;

  @Column({ type: 'int', nullable: true })
  authorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  authorName!: string;

  @Column({ type: 'text' })
  body!: string;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
