import { AlertsService } from '../alerts/alerts.service.js';
import { VisitsService } from '../visits/visits.service.js';
import { Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  dataExportFileName,
  documentLabel,
  documentName,
  DOCUMENT_STATUS_OPTIONS,
  formatDate,
  formatDateTime,
  HOUSEHOLD_OPTIONS,
  HOUSING_SITUATION_OPTIONS,
  labelOf,
  LINK_OPTIONS,
  parisDay,
  PRO_SITUATION_OPTIONS,
  type AlertView,
  type EraseMeAnswer,
  type JobView,
  type LegalDocument,
  type LegalSection,
  type MyRecord,
  type PersonFields,
  type PersonPosition,
  type TimelineEntry,
} from '@hsa-lli/common/domain';
import { randomUUID } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { Offer } from '../committee/entities/offer.entity.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { ConflictError } from '../http/api-errors.js';
import type { FileToSend } from '../http/file-answers.js';
import { JobsService } from '../jobs/jobs.service.js';
import { Record } from '../records/entities/record.entity.js';
import { exportsDir } from '../records/records-export.service.js';
import { RecordsService } from '../records/records.service.js';
import { TimelineService } from '../timeline/timeline.service.js';
import { User } from '../users/entities/user.entity.js';
import { CredentialsService } from '../users/credentials.service.js';
import { decryptAt, encryptAt } from '../vault/encrypted-files.js';
import { FilePool } from '../vault/file-pool.js';
import { loadKeyring, type Keyring } from '../vault/keyring.js';
import { VaultService } from '../vault/vault.service.js';
import { ErasureService, LEASE_KEPT_DOCUMENTS } from './erasure.service.js';

const JOB = 'data-subject';

/** What the export job is given: who asked (the person, or staff answering their request), whose data, and the file's name. */
interface ExportJobData {
  requester: number;
  subject: number;
  file: string;
}

/** What `file` answers: the job while it runs, or the ZIP. */
export type DataExportOutcome = { job: JobView } | (FileToSend & { content: Buffer });

/** Stages where a signed lease needs part of the file (docs/data-protection.md, rows 6 and 7). */
const LEASE_STAGES = new Set(['lease_signed', 'moved_in']);

/** A person's fields as lines of the readable copy. */
function personLines(person: PersonFields): string[] {
  return [
    `Nom : ${person.first_name} ${person.last_name}`,
    `Date de naissance : ${person.birth_date ? formatDate(person.birth_date) : '—'}`,
    `Adresse e-mail : ${person.email ?? '—'}`,
    `Téléphone : ${person.phone ?? '—'}`,
    `Adresse : ${[person.address, person.zip_code, person.city].filter(Boolean).join(' ') || '—'}`,
    `Situation professionnelle : ${person.pro_situation ? labelOf(PRO_SITUATION_OPTIONS, person.pro_situation) : '—'}`,
    `Employeur : ${person.employer ?? '—'}`,
    `Logement actuel : ${person.housing_situation ? labelOf(HOUSING_SITUATION_OPTIONS, person.housing_situation) : '—'}`,
    `Revenu fiscal de référence : ${person.tax_income === null ? '—' : `${person.tax_income.toLocaleString('fr-FR')} €`}`,
  ];
}

/** A document's name in the ZIP: its number, its kind, the name it was sent under (kept to safe characters). */
function entryName(index: number, document: RecordDocument, label: string): string {
  const safe = (text: string) => text.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return `pieces/${String(index + 1).padStart(2, '0')}-${safe(label).slice(0, 40)}-${safe(document.originalName).slice(-80) || 'document'}`;
}

/**
 * The rights of the data subject, from their space: a ZIP of everything the platform holds about them (made by a job,
 * encrypted at rest, downloadable by them for RETENTION_EXPORT_MINUTES), and the erasure of their account and file.
 */
@Injectable()
export class DataSubjectService implements OnModuleInit {
  private readonly logger = new Logger(DataSubjectService.name);
  private readonly directory: string;
  private readonly keyring: Keyring;
  private readonly keptMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly records: RecordsService,
    private readonly timeline: TimelineService,
    private readonly audit: AuditService,
    private readonly vault: VaultService,
    private readonly pool: FilePool,
    private readonly credentials: CredentialsService,
    private readonly erasure: ErasureService,
    private readonly alerts: AlertsService,
    private readonly visits: VisitsService,
  ) {
    this.directory = exportsDir(config.dataDir);
    this.keyring = loadKeyring(config);
    this.keptMs = config.retention.exportMinutes * 60_000;
  }

  onModuleInit(): void {
    this.jobs.register('exports', JOB, (data) => this.write(data as ExportJobData));
  }

  /**
   * Queues the export of `subject`'s data (the caller's own by default), for the caller to download. Its file is named
   * by the person's account first: their erasure removes it with the rest.
   */
  async startExport(caller: SessionUser, subject = caller.id): Promise<JobView> {
    const account = await this.dataSource.manager.findOneBy(User, { id: subject });
    if (!account?.roles.includes('customer')) throw new NotFoundException();
    return this.jobs.enqueue('exports', JOB, { requester: caller.id, subject, file: `${subject}-${randomUUID()}` } satisfies ExportJobData);
  }

  /** The job or its ZIP, for its requester only: anybody else's, or one kept past its delay, is as unknown. */
  async exportFile(id: string, caller: SessionUser): Promise<DataExportOutcome | null> {
    const found = await this.jobs.findWithData('exports', id);
    const data = found?.data as ExportJobData | undefined;
    if (!found || found.job.name !== JOB || data?.requester !== caller.id) return null;
    if (found.job.state === 'failed') throw new Error(`Data export ${id} failed: ${found.job.failed_reason}`);
    if (found.job.state !== 'completed') return { job: found.job };
    const path = this.pathOf(data);
    const written = await stat(path).catch(() => null);
    if (!written || Date.now() - written.mtimeMs > this.keptMs) return null;
    return { content: await decryptAt(path, this.keyring), contentType: 'application/zip', fileName: dataExportFileName(parisDay(written.mtime)) };
  }

  private pathOf(data: ExportJobData): string {
    return join(this.directory, `${data.file}.zip.enc`);
  }

  /** Gathers the person's data, has a worker thread lay out the PDF and the ZIP, and stores it encrypted. */
  private async write(data: ExportJobData): Promise<{ documents: number }> {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: data.subject });
    // An account invited and never given its file has its account and contact requests only.
    const hasFile = await this.dataSource.manager.existsBy(Record, { user: { id: user.id } });
    const mine = hasFile ? await this.records.mine(user.id) : null;
    const timeline = mine ? (await this.timeline.mine(user.id)).data : [];
    const consultations = mine ? await this.audit.consultations(mine.id, Number.MAX_SAFE_INTEGER) : [];
    const contacts = await this.dataSource.manager.find(ContactForm, { where: [...(mine ? [{ record: { id: mine.id } }] : []), { email: user.email }], order: { createdAt: 'ASC' } });
    const documents = mine ? await this.dataSource.manager.find(RecordDocument, { where: { record: { id: mine.id } }, order: { uploadedAt: 'ASC', id: 'ASC' } }) : [];
    const persons = mine?.person_2 ? 2 : 1;
    const files = [];
    for (const [index, document] of documents.entries()) {
      files.push({ name: entryName(index, document, documentLabel(documentName(document.person as PersonPosition, document.type), persons)), bytes: await this.vault.open(document) });
    }
    const account = { email: user.email, first_name: user.firstName, last_name: user.lastName, phone: user.phone, created_at: user.createdAt.toISOString(), last_login_at: user.lastLoginAt?.toISOString() ?? null };
    const contactRequests = contacts.map((form) => ({ subject: form.subject, name: form.name, email: form.email, phone: form.phone, message: form.message, sent_at: form.createdAt.toISOString() }));
    const provided = mine && (({ consultations: _shown, ...rest }) => rest)(mine);
    const alerts = await this.alerts.exportOf(user.email);
    const visits = await this.visits.exportOf(user.email);
    const result = await this.pool.run({
      task: 'data-export',
      readable: this.readable(account, mine, timeline, consultations, contactRequests, documents, alerts, visits),
      json: {
        'dossier.json': { account, provided, contact_requests: contactRequests, alerts, visits, derived: { timeline } },
        'consultations.json': consultations,
      },
      files,
    });
    if (!('bytes' in result)) throw new Error(`Data export ${data.file} refused: ${result.refused}`);
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    await encryptAt(this.pathOf(data), this.keyring, (async function* () {
      yield result.bytes;
    })());
    this.logger.log(`Account #${user.id} exported their data (${documents.length} document(s))`);
    return { documents: documents.length };
  }

  /** The readable copy: the same data as the JSON, in French, with what the person may do about it. */
  private readable(
    account: { email: string; first_name: string; last_name: string; phone: string | null; created_at: string; last_login_at: string | null },
    mine: MyRecord | null,
    timeline: TimelineEntry[],
    consultations: { at: string; by: string; what: string }[],
    contacts: { subject: string; message: string; sent_at: string }[],
    documents: RecordDocument[],
    alerts: AlertView[],
    visits: Awaited<ReturnType<VisitsService['exportOf']>>,
  ): LegalDocument {
    return {
      title: mine ? `Vos données — dossier ${mine.reference}` : 'Vos données',
      updated: parisDay(new Date()),
      sections: [
        {
          heading: 'Ce document',
          paragraphs: [
            'Voici toutes les données que HSA Logement intermédiaire détient sur vous, telles qu’elles sont enregistrées à la date ci-dessus (article 15 du RGPD). Le fichier dossier.json les donne dans un format lisible par une machine (article 20), le dossier « pieces » vos pièces justificatives telles que nous les conservons, et consultations.json chaque consultation de votre dossier par notre équipe.',
            'Vos pièces sont conservées chiffrées et ne sont lues que par l’équipe qui instruit votre demande. Leurs durées de conservation sont celles de notre notice sur les données personnelles, sur notre site. Vous pouvez demander leur rectification ou leur effacement depuis votre espace, ou nous écrire ; vous pouvez aussi saisir la CNIL (www.cnil.fr).',
          ],
        },
        {
          heading: 'Votre compte',
          paragraphs: [],
          items: [
            `Adresse e-mail : ${account.email}`,
            `Nom : ${account.first_name} ${account.last_name}`,
            `Téléphone : ${account.phone ?? '—'}`,
            `Créé le ${formatDateTime(new Date(account.created_at))}`,
            `Dernière connexion : ${account.last_login_at ? formatDateTime(new Date(account.last_login_at)) : '—'}`,
          ],
        },
        ...(mine ? this.fileSections(mine, documents, timeline, consultations) : []),
        { heading: 'Vos demandes de contact', paragraphs: contacts.length === 0 ? ['Aucune.'] : [], items: contacts.map((contact) => `${formatDateTime(new Date(contact.sent_at))} : ${contact.message}`) },
        {
          heading: 'Vos alertes',
          paragraphs: alerts.length === 0 ? ['Aucune.'] : [],
          items: alerts.map(
            (alert) =>
              `« ${alert.label} », demandée le ${formatDateTime(new Date(alert.created_at))}, ${alert.ends_on ? `active jusqu’au ${formatDate(alert.ends_on)}` : 'en attente de confirmation'}${alert.last_sent_at ? `, dernier e-mail le ${formatDateTime(new Date(alert.last_sent_at))}` : ''}`,
          ),
        },
        {
          heading: 'Vos visites réservées',
          paragraphs: visits.length === 0 ? ['Aucune.'] : [],
          items: visits.map(
            (visit) =>
              `${visit.good}, le ${formatDateTime(new Date(visit.starts_at))}, réservée le ${formatDateTime(new Date(visit.booked_at))} au nom de ${visit.name} (${visit.phone})${visit.cancelled_at ? `, annulée le ${formatDateTime(new Date(visit.cancelled_at))}` : ''}`,
          ),
        },
      ],
    };
  }

  /** The readable copy's sections about the file: household, persons, wishes, documents, its history, its readers. */
  private fileSections(mine: MyRecord, documents: RecordDocument[], timeline: TimelineEntry[], consultations: { at: string; by: string; what: string }[]): LegalSection[] {
    const persons = mine.person_2 ? 2 : 1;
    return [
      {
        heading: 'Votre foyer',
        paragraphs: [],
        items: [
          `Situation : ${labelOf(HOUSEHOLD_OPTIONS, mine.situation)}`,
          ...(mine.link ? [`Lien entre les demandeurs : ${labelOf(LINK_OPTIONS, mine.link)}`] : []),
          ...mine.members.map((member) => `Autre occupant : ${member.first_name}${member.birth_date ? `, né(e) le ${formatDate(member.birth_date)}` : ''}`),
          ...(mine.eligibility
            ? mine.eligibility.by_zone.map((zone) => `Zone ${zone.zone} : revenus de ${mine.eligibility!.income.toLocaleString('fr-FR')} € pour un plafond de ${zone.ceiling.toLocaleString('fr-FR')} € (${zone.eligible ? 'éligible' : 'non éligible'})`)
            : ['Éligibilité : pas encore calculée (revenus manquants)']),
        ],
      },
      { heading: 'Premier demandeur', paragraphs: [], items: personLines(mine.person_1) },
      ...(mine.person_2 ? [{ heading: 'Second demandeur', paragraphs: [], items: personLines(mine.person_2) }] : []),
      {
        heading: 'Votre recherche',
        paragraphs: [],
        items: [
          `Logements choisis : ${mine.wished_goods.map((good) => good.label).join(', ') || '—'}`,
          `Loyer maximum : ${mine.wishes.max_rent === null ? '—' : `${mine.wishes.max_rent} € charges comprises`}`,
        ],
      },
      {
        heading: 'Vos pièces justificatives',
        paragraphs: documents.length === 0 ? ['Aucune pièce n’est conservée.'] : [],
        items: documents.map(
          (document) =>
            `${documentLabel(documentName(document.person as PersonPosition, document.type), persons)} : « ${document.originalName} », reçue le ${formatDateTime(document.uploadedAt)}, ${labelOf(DOCUMENT_STATUS_OPTIONS, document.status).toLowerCase()}${document.reason ? ` (${document.reason})` : ''}`,
        ),
      },
      { heading: 'Où en est votre dossier', paragraphs: timeline.length === 0 ? ['Rien encore.'] : [], items: timeline.map((entry) => `${formatDateTime(new Date(entry.at))} — ${entry.title}${entry.detail ? ` : ${entry.detail}` : ''}`) },
      {
        heading: 'Qui a consulté votre dossier',
        paragraphs: consultations.length === 0 ? ['Personne de notre équipe n’a encore consulté votre dossier.'] : [],
        items: consultations.map((entry) => `${formatDateTime(new Date(entry.at))} — ${entry.by} : ${entry.what}`),
      },
    ];
  }

  /**
   * Erases the caller's account and file, once their password confirms it, and answers what went and what a signed
   * lease keeps, until when. The caller's sessions end with their account.
   */
  async eraseMe(caller: SessionUser, password: string): Promise<EraseMeAnswer> {
    await this.credentials.ownerOf(caller.id, password, 'password');
    return this.erase(caller.id, caller);
  }

  /**
   * Erases an account and its file, on its owner's request (from their space, or through staff answering it), or
   * all but what a signed lease needs; answers what went, and what stays until when.
   */
  async erase(userId: number, actor: SessionUser): Promise<EraseMeAnswer> {
    const record = await this.dataSource.manager.findOne(Record, { where: { user: { id: userId } } });
    if (!record) {
      const account = await this.dataSource.manager.findOneBy(User, { id: userId });
      if (!account?.roles.includes('customer')) throw new NotFoundException();
      await this.erasure.eraseAccount(account, 'request', actor);
      return { erased: ['votre compte', 'vos demandes de contact', 'vos alertes et vos visites réservées'], kept: null };
    }
    if (await this.dataSource.manager.existsBy(Offer, { record: { id: record.id }, state: 'pending' })) {
      throw new ConflictError('Un logement vous est proposé et attend votre réponse : refusez d’abord la proposition depuis « Où en est mon dossier », puis demandez l’effacement.');
    }
    const lease = LEASE_STAGES.has(record.stage);
    await this.erasure.eraseFile(record.id, { extent: lease ? 'beyond_lease' : 'all', rule: 'request', actor, account: true });
    if (!lease) return { erased: ['votre compte', 'votre dossier et toutes vos pièces justificatives', 'vos demandes de contact', 'vos alertes et vos visites réservées'], kept: null };
    const leaving = await this.dataSource.manager.findOne(RecordEvent, { where: { record: { id: record.id }, type: 'leaving' }, order: { at: 'DESC' } });
    const until = leaving ? new Date(leaving.at.getTime()) : null;
    until?.setFullYear(until.getFullYear() + this.config.retention.afterLeavingYears);
    return {
      erased: ['votre compte', 'vos pièces justificatives, sauf vos avis d’imposition', 'vos choix de logements et vos demandes de contact', 'vos alertes et vos visites réservées'],
      kept: {
        what: ['les noms, dates de naissance et coordonnées des titulaires du bail', 'la composition du foyer', `vos avis d’imposition (${LEASE_KEPT_DOCUMENTS.length === 1 ? 'preuve' : 'preuves'} que le foyer respectait les plafonds du logement intermédiaire)`, 'la signature du bail, l’entrée dans les lieux et la décision du comité'],
        until: until ? parisDay(until) : null,
        why: `La loi permet à chaque partie d’agir en justice au sujet du bail pendant trois ans après les faits (article 7-1 de la loi du 6 juillet 1989) : ces données sont conservées pendant le bail, puis ${this.config.retention.afterLeavingYears} ans après votre départ du logement, et effacées ensuite.`,
      },
    };
  }
}
