import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Record } from './record.entity.js';

export const RECORD_LIST_KEY_KINDS = ['residence', 'flat_size', 'word'] as const;
export type RecordListKeyKind = (typeof RECORD_LIST_KEY_KINDS)[number];

/**
 * What the staff's list finds a file by, one row each, written by RecordsListColumnsService.refresh with the file's other
 * list columns: the residences it wishes, itself or through one of its goods (`residence`, their ids); the flat sizes it
 * wishes, named or of a good (`flat_size`); and the texts it is searched by (`word`): each applicant's name and e-mail
 * address and the reference, from each of their words on, in lower case without accents. A filter or a search reads
 * one range of the index instead of every file.
 */
@Entity('record_list_keys')
@Index(['kind', 'value', 'recordId'])
@Index(['recordId'])
export class RecordListKey {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'simple-enum', enum: RECORD_LIST_KEY_KINDS })
  kind!: RecordListKeyKind;

  @Column({ type: 'varchar', length: 254 })
  value!: string;

  @Column({ type: 'int' })
  recordId!: number;

  @ManyToOne(() => Record, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recordId' })
  record!: Relation<Record>;
}
