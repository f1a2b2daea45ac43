import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ContactForm } from './contact-form.entity.js';

/** An e-mail staff sent in answer to a contact request, as it was sent. */
@Entity('contact_replies')
export class ContactReply {
  @PrimaryGeneratedColumn()
  id!: number;

  @ManyToOne(() => ContactForm, { nullable: false, onDelete: 'CASCADE' })
  contactForm!: Relation<ContactForm>;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'int', nullable: true })
  authorId!: number | null;

  @Column({ type: 'varchar', length: 210 })
  authorName!: string;

  @CreateDateColumn({ type: 'datetime' })
  sentAt!: Date;
}
