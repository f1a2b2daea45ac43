import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  contactEligibility,
  rgpdDeadline,
  splitName,
  type ContactFormAnswer,
  type ContactFormRow,
  type ContactFormView,
  type ContactReplyRequest,
  type ListAnswer,
  type contactFormListSchema,
} from '@hsa-lli/common/back-office';
import { answeredAgain, CONTACT_SUBJECT_OPTIONS, formatDate, labelOf, ROLE_LABELS, ROLES, type ContactRequest, type ReferenceStatus } from '@hsa-lli/common/domain';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, TooManyAttemptsError } from '../http/api-errors.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { listAnswer, pageOf, type ListSpec } from '../database/list-query.js';
import { RateLimiter } from '../http/rate-limiter.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { MailService } from '../mail/mail.service.js';
import { RecordsService, type RecordPrefill } from '../records/records.service.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { ContactForm } from './entities/contact-form.entity.js';
import { ContactReply } from './entities/contact-reply.entity.js';
import { fullName } from '../users/account-names.js';

/** Requests per address and hour: enough for a person, too few for a spammer. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60_000 };

const SENT = 'Votre demande a bien été envoyée. Nous vous répondrons sous deux jours ouvrés ; un e-mail de confirmation vient de vous être adressé.';

type ListRequest = z.output<typeof contactFormListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

const LIST: ListSpec<Column> = {
  search: ['contact.name', 'contact.email', 'contact.message'],
  // « Nouveau » before « Terminé » on both databases: MariaDB would sort its enum by position, SQLite by text.
  sort: { created_at: 'contact.createdAt', name: 'contact.name', status: "CASE WHEN contact.status = 'new' THEN 0 ELSE 1 END" },
  defaultSort: { column: 'created_at', direction: 'desc' },
};

function subjectLabel(subject: string): string {
  return labelOf(CONTACT_SUBJECT_OPTIONS, subject);
}

const actorName = (actor: SessionUser) => fullName(actor) || actor.email;

function toRow(contact: ContactForm): ContactFormRow {
  const rgpd = contact.subject === 'rgpd';
  const deadline = rgpd ? rgpdDeadline(contact.createdAt) : null;
  const eligibility = contactEligibility(contact.eligibility);
  return {
    id: contact.id,
    subject: contact.subject,
    name: contact.name,
    email: contact.email,
    created_at: contact.createdAt.toISOString(),
    status: contact.status,
    unread: contact.readAt === null,
    rgpd,
    rgpd_deadline: deadline?.toISOString() ?? null,
    overdue: deadline !== null && contact.status === 'new' && deadline.getTime() < Date.now(),
    eligibility: eligibility && { eligible: eligibility.eligible, zone: eligibility.zone, income: eligibility.income, ceiling: eligibility.ceiling },
    record_id: contact.record?.id ?? null,
  };
}

function toView(contact: ContactForm): ContactFormView {
  return {
    ...toRow(contact),
    phone: contact.phone,
    message: contact.message,
    consent: contact.consent,
    eligibility: contactEligibility(contact.eligibility),
    read_at: contact.readAt?.toISOString() ?? null,
    completed_at: contact.completedAt?.toISOString() ?? null,
    record: contact.record ? { id: contact.record.id, reference: contact.record.reference } : null,
  };
}

/** What a request tells of the household: the eligibility test's answers when it comes from it, the phone given. */
function prefillOf(contact: ContactForm): RecordPrefill {
  const answers = contactEligibility(contact.eligibility);
  const situation = answers?.household ?? 'alone';
  const income = (position: number) => (answers?.incomes[position] === undefined ? null : Math.round(answers.incomes[position]));
  return {
    situation,
    // Rows as the customer's form adds them: the applicant writes each one's first name.
    members: Array.from({ length: answers?.dependants ?? 0 }, () => ({ first_name: '', birth_date: null, role: 'child' as const })),
    person_1: { phone: contact.phone, tax_income: income(0) },
    person_2: situation === 'couple' ? { tax_income: income(1) } : null,
  };
}

/** Contact requests: taken from visitors, announced to the staff, read, answered and turned into files in the back office. */
@Injectable()
export class ContactFormsService {
  constructor(
    @InjectRepository(ContactForm) private readonly contacts: Repository<ContactForm>,
    @InjectRepository(ContactReply) private readonly replies: Repository<ContactReply>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly mail: MailService,
    private readonly history: HistoryService,
    private readonly users: UsersService,
    private readonly records: RecordsService,
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
        // The verdict is the server's, worked out from the answers: what the browser says of it is never kept.
        eligibility: answeredAgain(request.eligibility),
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

  /** One page of the requests, newest first unless asked otherwise. */
  async list(request: ListRequest): Promise<ListAnswer<ContactFormRow>> {
    const query = this.contacts.createQueryBuilder('contact').leftJoin('contact.record', 'record').addSelect(['record.id', 'record.reference']);
    const { status, subject, from_eligibility: fromEligibility, unread } = request.filters ?? {};
    if (status) query.andWhere('contact.status = :status', { status });
    if (subject) query.andWhere('contact.subject = :subject', { subject });
    if (fromEligibility !== undefined) query.andWhere(`contact.eligibility IS ${fromEligibility ? 'NOT ' : ''}NULL`);
    if (unread !== undefined) query.andWhere(`contact.readAt IS ${unread ? '' : 'NOT '}NULL`);
    return listAnswer(await pageOf(query, request, LIST), toRow);
  }

  /** A request, its history and the replies sent; opening it marks it read. */
  async getOne(id: number, actor: SessionUser): Promise<ContactFormAnswer> {
    const contact = await this.markRead(id, actor);
    const [history, replies] = await Promise.all([
      this.history.list('contact_form', id),
      this.replies.find({ where: { contactForm: { id } }, order: { sentAt: 'DESC', id: 'DESC' } }),
    ]);
    return {
      contact_form: toView(contact),
      history,
      replies: replies.map((reply) => ({ id: reply.id, body: reply.body, author: reply.authorName, sent_at: reply.sentAt.toISOString() })),
    };
  }

  /** A contact request as the spec's `contact-forms/get` gives it; reading it marks it read. */
  async find(id: number, actor: SessionUser) {
    const contact = await this.markRead(id, actor);
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

  /**
   * Mails the requester staff's answer: their own words go back only as a reminder of the subject, so that the reply
   * cannot carry a stranger's text to the address they typed. The reply is kept as sent.
   */
  async reply({ id, message, complete }: ContactReplyRequest, actor: SessionUser): Promise<ContactFormAnswer> {
    const contact = await this.markRead(id, actor);
    await this.mail.send({
      to: contact.email,
      subject: `Réponse à votre demande : ${subjectLabel(contact.subject)}`,
      paragraphs: [
        `Vous nous avez écrit le ${formatDate(contact.createdAt)} (« ${subjectLabel(contact.subject)} »). Voici notre réponse.`,
        ...message.split(/\r?\n/).map((line) => line.trim()).filter(Boolean),
      ],
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.save(manager.create(ContactReply, { contactForm: { id }, body: message, authorId: actor.id, authorName: actorName(actor) }));
      await this.history.record({ subject: 'contact_form', subjectId: id, actor, action: 'Réponse envoyée' }, manager);
      if (complete) await this.setStatus(manager, id, 'completed', actor);
    });
    return this.getOne(id, actor);
  }

  async complete(id: number, actor: SessionUser): Promise<ContactFormAnswer> {
    await this.markRead(id, actor);
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.setStatus(manager, id, 'completed', actor))) throw new ConflictError('Cette demande est déjà terminée.');
    });
    return this.getOne(id, actor);
  }

  async reopen(id: number, actor: SessionUser): Promise<ContactFormAnswer> {
    await this.markRead(id, actor);
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.setStatus(manager, id, 'new', actor))) throw new ConflictError('Cette demande est déjà ouverte : elle n’est pas terminée.');
    });
    return this.getOne(id, actor);
  }

  /**
   * Turns a request into an application file in one step: the requester's customer account, created by invitation
   * (or their customer account without a file, when they have one), their file prefilled from the request, the request
   * linked to it and done with. The invitation is mailed once all of it is saved.
   */
  async convert(id: number, actor: SessionUser): Promise<ContactFormAnswer> {
    const contact = await this.markRead(id, actor);
    if (contact.record) throw new ConflictError(`Cette demande est déjà devenue le dossier ${contact.record.reference}.`);
    const existing = await this.users.findByEmail(contact.email);
    if (existing) await this.checkLinkable(existing);
    const { invite } = await this.dataSource
      .transaction(async (manager) => {
        const now = new Date();
        // Claimed first: a second conversion at once waits for this one, then finds the request taken.
        const claimed = await manager
          .createQueryBuilder()
          .update(ContactForm)
          .set({ status: 'completed', completedAt: contact.completedAt ?? now })
          .where('id = :id AND recordId IS NULL', { id })
          .execute();
        if (!claimed.affected) throw new ConflictError('Cette demande vient d’être transformée en dossier par quelqu’un d’autre : rechargez la page.');
        const user = existing ?? (await this.users.createInvited(manager, { email: contact.email, ...splitName(contact.name), role: 'customer' }, actor));
        const record = await this.records.openPrefilledFor(manager, user, prefillOf(contact));
        if (!record) throw new ConflictError(`Le compte client de ${contact.email} a déjà un dossier : complétez-le plutôt que d’en ouvrir un autre.`);
        await manager.update(ContactForm, { id }, { record: { id: record.id } });
        await this.history.record(
          {
            subject: 'contact_form',
            subjectId: id,
            actor,
            action: `Transformée en dossier ${record.reference}`,
            changes: changedFields({ status: contact.status, record: null }, { status: 'completed', record: record.reference }),
          },
          manager,
        );
        // An account still waiting for its password gets a link; one in use finds its file at its next login.
        return { invite: user.passwordHash === null ? user : null };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ConflictError(`Un compte vient d’être créé avec l’adresse ${contact.email} : rechargez la page et réessayez.`);
        throw error;
      });
    if (invite) await this.users.sendInvitation(invite);
    return this.getOne(id, actor);
  }


  /** The account an address already has may receive the file only when it is an active customer's. */
  private async checkLinkable(user: User): Promise<void> {
    const staff = ROLES.filter((role) => role !== 'customer' && user.roles.includes(role));
    if (staff.length > 0 || !user.roles.includes('customer')) {
      const roles = staff.map((role) => ROLE_LABELS[role]).join(', ');
      throw new ConflictError(
        `L’adresse ${user.email} est celle d’un compte du personnel (${roles}) : un dossier ne peut pas y être rattaché. Demandez au demandeur une autre adresse.`,
      );
    }
    if (!user.active) throw new ConflictError(`Le compte client de ${user.email} est désactivé : réactivez-le dans la liste des utilisateurs, puis recommencez.`);
    if ((await this.records.countReferring({ user: user.id })) > 0) {
      throw new ConflictError(`Le compte client de ${user.email} a déjà un dossier : complétez-le plutôt que d’en ouvrir un autre.`);
    }
  }

  /** A request with the file it became; 404 when there is none of that id. */
  private async load(id: number): Promise<ContactForm> {
    const contact = await this.contacts.findOne({ where: { id }, relations: { record: true } });
    if (!contact) throw new NotFoundException();
    return contact;
  }

  /** Loads a request, noting the first time staff open it (or act on it: no request is answered unread). */
  private async markRead(id: number, actor: SessionUser): Promise<ContactForm> {
    const contact = await this.load(id);
    if (contact.readAt) return contact;
    await this.dataSource.transaction(async (manager) => {
      // Two staff members opening it at once: only the first is noted.
      const first = await manager.createQueryBuilder().update(ContactForm).set({ readAt: new Date() }).where('id = :id AND readAt IS NULL', { id }).execute();
      if (first.affected) await this.history.record({ subject: 'contact_form', subjectId: id, actor, action: 'Lue' }, manager);
    });
    // Read back: the time as the database keeps it, the same on every later reading.
    return this.load(id);
  }

  /** Moves a request to a status, noted in its history; answers false when it was there already. */
  private async setStatus(manager: EntityManager, id: number, status: ReferenceStatus, actor: SessionUser): Promise<boolean> {
    const before: ReferenceStatus = status === 'new' ? 'completed' : 'new';
    const moved = await manager
      .createQueryBuilder()
      .update(ContactForm)
      .set({ status, completedAt: status === 'completed' ? new Date() : null })
      .where('id = :id AND status = :before', { id, before })
      .execute();
    if (!moved.affected) return false;
    const action = status === 'completed' ? 'Marquée comme terminée' : 'Rouverte';
    await this.history.record({ subject: 'contact_form', subjectId: id, actor, action, changes: changedFields({ status: before }, { status }) }, manager);
    return true;
  }
}
