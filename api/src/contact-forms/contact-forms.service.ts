import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTACT_SUBJECT_OPTIONS, formatDate, type ContactRequest } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import { TooManyAttemptsError } from '../common/api-errors.js';
import { RateLimiter } from '../common/rate-limiter.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { ContactForm } from './entities/contact-form.entity.js';

/** Requests per address and hour: enough for a person, too few for a spammer. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60_000 };

const SENT = 'Votre demande a bien été envoyée. Nous vous répondrons sous deux jours ouvrés ; un e-mail de confirmation vient de vous être adressé.';

function subjectLabel(subject: string): string {
  return CONTACT_SUBJECT_OPTIONS.find((option) => option.value === subject)?.label ?? subject;
}

/** Keeps only the answers of the eligibility test the site itself sends. */
function eligibilitySummary(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const keys = ['household', 'dependants', 'city', 'incomes', 'year', 'eligible', 'ceiling', 'income', 'zone'];
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
  return JSON.stringify(kept).length <= 2000 ? kept : null;
}

/** Contact requests: taken from visitors, announced to the staff, read in the back office. */
@Injectable()
export class ContactFormsService {
  constructor(
    @InjectRepository(ContactForm) private readonly contacts: Repository<ContactForm>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
  ) {}

  /** A request checked by contactSchema: trimmed, the address lower-cased. */
  async submit(request: ContactRequest, address: string | undefined): Promise<{ message: string; id?: number }> {
    if ((await this.limiter.hit(`contact:ip:${address}`, CONTACT_LIMIT)) > CONTACT_LIMIT.max) {
      throw new TooManyAttemptsError('Vous avez envoyé plusieurs demandes en peu de temps. Réessayez dans une heure, ou appelez-nous au 05 59 00 00 00.');
    }
    // A robot filled the field people never see: it is told the same as a person, and nothing is kept.
    if (request.website?.trim()) return { message: SENT };

    const contact = await this.contacts.save(
      this.contacts.create({
        subject: request.subject,
        name: request.name,
        email: request.email,
        phone: request.phone || null,
        message: request.message,
        consent: true,
        eligibility: eligibilitySummary(request.eligibility),
      }),
    );
    await this.mail.send({
      to: this.config.staffEmail,
      subject: `Nouvelle demande de contact : ${subjectLabel(contact.subject)}`,
      paragraphs: [
        `${contact.name} (${contact.email}${contact.phone ? `, ${contact.phone}` : ''}) a envoyé une demande le ${formatDate(contact.createdAt)}.`,
        `Objet : ${subjectLabel(contact.subject)}`,
        contact.message,
      ],
      action: { label: 'Voir la demande', url: `${this.config.publicUrl}/admin/demandes-de-contact/${contact.id}` },
    });
    await this.mail.send({
      to: contact.email,
      subject: 'Nous avons bien reçu votre demande',
      // Nothing the visitor wrote goes back out: the form cannot be used to mail any text to any address.
      paragraphs: [
        'Bonjour,',
        `Nous avons bien reçu votre demande (« ${subjectLabel(contact.subject)} ») et vous répondrons sous deux jours ouvrés.`,
        'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.',
      ],
    });
    return { message: SENT, id: contact.id };
  }

  /** A contact request as the back office reads it, or null. */
  async find(id: number) {
    const contact = await this.contacts.findOneBy({ id });
    if (!contact) return null;
    return {
      id: contact.id,
      subject: contact.subject,
      status: contact.status,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
      consent: contact.consent,
      eligibility: contact.eligibility,
      created_at: contact.createdAt,
    };
  }

  count(): Promise<number> {
    return this.contacts.count();
  }
}
