import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  completeness,
  documentKind,
  documentLabel,
  DOCUMENT_MAX_FILES,
  formatDate,
  parseDocumentName,
  type DocumentName,
  type DocumentSource,
  type RecordDocumentView,
  type SharedDocumentView,
} from '@hsa-lli/common/domain';
import { REVIEWED_FILE_GONE } from '@hsa-lli/common/back-office';
import type { Request } from 'express';
import { In, IsNull, type DataSource } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { lockedTransaction, rowLock } from '../database/list-query.js';
import type { FileToSend } from '../http/file-answers.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { VaultService } from '../vault/vault.service.js';
import { MailService } from '../mail/mail.service.js';
import type { ReviewRequest } from './dto/documents.dto.js';
import { RecordDocument } from './entities/record-document.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { documentView, householdDocuments, householdPersons, requiredFor, storedFilesOf } from '../records/record-view.js';
import { RECORD_EVENTS, type RecordPersonRemoving } from '../records/records.events.js';
import { RecordsService } from '../records/records.service.js';
import { UploadLinksService } from './upload-links.service.js';
import { DOCUMENT_EVENTS, DocumentsChanged } from './documents.events.js';

/** A file multer wrote to the incoming folder, waiting to be checked and kept. */
export interface IncomingFile {
  path: string;
  originalname: string;
}

/** A document's file as it leaves the API. */
export interface DocumentFile extends FileToSend {
  content: Buffer;
}

const TYPE_NOT_IN_HOUSEHOLD = 'Choisissez une pièce de votre dossier : le second demandeur n’existe que pour un couple.';
const CHANGED_MEANWHILE = 'Ce fichier a changé entre-temps (validé ou supprimé) : rechargez la page.';

/**
 * Which of a kind's files (those of one person and one kind, oldest first) a new one takes the place of; throws the
 * French 409 when the new one may not be added as they stand.
 */
type Placement = (files: RecordDocument[]) => RecordDocument[];

/**
 * The supporting documents of the files: added by their owner, by someone holding a shared link, or by staff;
 * read back by their owner (the original) and by staff (a watermarked copy, each read a consultation); reviewed
 * by staff. Every query names the file it works in: an id from another file is a 404, like an unknown one.
 */
@Injectable()
export class RecordDocumentsService {
  private readonly logger = new Logger(RecordDocumentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: RecordsService,
    private readonly vault: VaultService,
    private readonly mail: MailService,
    private readonly events: EventEmitter2,
    private readonly links: UploadLinksService,
  ) {}

  /**
   * Adds its owner's document. A kind that takes one file gets the new one in place of the earlier ones; `replaces`
   * names the file a new one takes the place of. A validated file stays: staff have checked it.
   */
  async uploadAsOwner(userId: number, name: string, file: IncomingFile, replaces?: number): Promise<RecordDocumentView> {
    const record = await this.records.findMine(userId);
    const target = this.targetIn(record, name);
    const existing = householdDocuments(record).filter((document) => document.person === target.person && document.type === target.type);
    if (replaces !== undefined && !existing.some((document) => document.id === replaces)) {
      throw new FieldsError({ replaces: 'Choisissez un fichier de cette pièce à remplacer.' });
    }
    const multiple = documentKind(target.type).multiple;
    const placement: Placement = (files) => {
      const replaced = replaces !== undefined ? files.filter((document) => document.id === replaces) : multiple ? [] : files;
      if (replaces !== undefined && replaced.length === 0) throw new ConflictError(CHANGED_MEANWHILE);
      if (replaced.some((document) => document.status === 'validated')) {
        throw new ConflictError('Ce fichier a été validé par nos services : il ne peut plus être remplacé. Contactez-nous s’il doit changer.');
      }
      if (replaced.length === 0 && files.length >= DOCUMENT_MAX_FILES) {
        throw new ConflictError(`Cette pièce compte déjà ${DOCUMENT_MAX_FILES} fichiers : supprimez-en un avant d’en ajouter.`);
      }
      return replaced;
    };
    // Refused at once when the file as it stands says so, before the file is checked; `keep` asks again under its lock.
    placement(existing);
    return documentView(await this.keep(record, target, file, 'owner', placement));
  }

  /**
   * Adds a document through a shared link (`record_id` and its token): the call counts toward its address's allowance
   * first, then the link is checked (404 when it is not usable for that file), then the document is added.
   */
  async uploadThroughLink(request: Request, recordId: number, token: string, name: string, file: IncomingFile): Promise<SharedDocumentView> {
    await this.links.countVisit(request);
    const { record } = await this.links.resolve(recordId, token);
    return this.uploadShared(record, name, file);
  }

  /**
   * Adds a document through a shared link: the file gains it, and the person holding the link learns nothing of what
   * the file holds. A kind that takes one file may then have two, of which its owner keeps the right one.
   */
  async uploadShared(record: Record, name: string, file: IncomingFile): Promise<SharedDocumentView> {
    const target = this.targetIn(record, name);
    const limit = documentKind(target.type).multiple ? DOCUMENT_MAX_FILES : 2;
    const placement: Placement = (files) => {
      if (files.length >= limit) throw new ConflictError('Ce fichier ne peut pas être ajouté par ce lien : contactez la personne qui vous l’a transmis.');
      return [];
    };
    placement(record.documents.filter((document) => document.person === target.person && document.type === target.type));
    const saved = await this.keep(record, target, file, 'shared_link', placement);
    return { id: saved.id, type: name as DocumentName, file_name: saved.originalName, uploaded_at: saved.uploadedAt.toISOString() };
  }

  /**
   * An applicant leaving a file takes their documents with them, in that change's transaction (RecordPersonRemoving);
   * answers the vault's files to remove once it is committed.
   */
  @OnEvent(RECORD_EVENTS.personRemoving, { suppressErrors: false })
  async forgetPerson({ manager, recordId, position }: RecordPersonRemoving): Promise<string[]> {
    const documents = await manager.findBy(RecordDocument, { record: { id: recordId }, person: position });
    await manager.delete(RecordDocument, { record: { id: recordId }, person: position });
    return documents.flatMap(storedFilesOf);
  }

  async deleteAsOwner(userId: number, id: number): Promise<{ id: number }> {
    const record = await this.records.findMine(userId);
    if (!householdDocuments(record).some((candidate) => candidate.id === id)) throw new NotFoundException();
    const removed = await this.dataSource.transaction(async (manager) => {
      // Read again in the transaction: a copy made, or a validation given, since the page was loaded counts.
      const document = await manager.findOne(RecordDocument, { where: { id, record: { id: record.id } }, lock: rowLock(manager) });
      if (!document) throw new NotFoundException();
      if (document.status === 'validated' || !(await manager.delete(RecordDocument, { id, status: In(['to_process', 'declined']) })).affected) {
        throw new ConflictError('Ce fichier a été validé par nos services : il ne peut plus être supprimé. Contactez-nous s’il doit changer.');
      }
      return document;
    });
    await this.vault.remove(...storedFilesOf(removed));
    await this.followCompleteness(record.id);
    return { id };
  }

  /**
   * A document's file for whoever reads it: a watermarked copy when the read is a staff member's consultation of its
   * file (`consulted`, written by ConsultationInterceptor), else the original, to its owner only (a 404 for anybody
   * else, as for an unknown document).
   */
  fileFor(reader: Pick<SessionUser, 'id'>, id: number, consulted: boolean): Promise<DocumentFile> {
    return consulted ? this.fileForStaff(id) : this.fileForOwner(reader.id, id);
  }

  /** The original, to its owner only. */
  async fileForOwner(userId: number, id: number): Promise<DocumentFile> {
    const record = await this.records.findMine(userId);
    const document = householdDocuments(record).find((candidate) => candidate.id === id);
    if (!document) throw new NotFoundException();
    return { content: await this.vault.open(document), contentType: document.contentType, fileName: document.originalName };
  }

  /** A watermarked copy, to staff, whose consultation is written before (ConsultationInterceptor). */
  async fileForStaff(id: number): Promise<DocumentFile> {
    const document = await this.dataSource.manager.findOne(RecordDocument, { where: { id } });
    if (!document) throw new NotFoundException();
    const copy = await this.vault.watermarked(document);
    if (copy.storedName !== document.watermarkedName) {
      const saved = await this.dataSource.manager.update(
        RecordDocument,
        { id, watermarkedName: document.watermarkedName ?? IsNull() },
        { watermarkedName: copy.storedName, watermarkedType: copy.contentType },
      );
      // The document was removed or replaced meanwhile, or another read recorded its copy first: this one goes.
      if (!saved.affected) await this.vault.remove(copy.storedName);
      else if (document.watermarkedName) await this.vault.remove(document.watermarkedName);
    }
    const extension = copy.contentType === 'application/pdf' ? 'pdf' : 'jpg';
    return { content: copy.buffer, contentType: copy.contentType, fileName: `${document.originalName.replace(/\.[^.]*$/, '')}-copie-filigranee.${extension}` };
  }

  /**
   * Staff's review of documents of one file: each validated, or refused with its reason. The owner gets one e-mail
   * summing up the refusals, and another once every required document is validated.
   */
  async review(request: ReviewRequest, actor: SessionUser): Promise<{ documents: RecordDocumentView[] }> {
    const ids = request.reviews.map((review) => review.id);
    const documents = await this.dataSource.manager.find(RecordDocument, { where: { id: In(ids), record: { id: request.record_id } }, relations: { record: true } });
    if (documents.length !== new Set(ids).size) throw new NotFoundException();
    const reviewedAt = new Date();
    await this.dataSource.transaction(async (manager) => {
      for (const review of request.reviews) {
        const reviewed = await manager.update(
          RecordDocument,
          { id: review.id, record: { id: request.record_id } },
          { status: review.status, reason: review.status === 'declined' ? (review.reason ?? null) : null, reviewedAt, reviewedById: actor.id },
        );
        // Removed or replaced by its owner since the page was loaded: nothing of this review is saved.
        if (!reviewed.affected) throw new ConflictError(REVIEWED_FILE_GONE);
      }
    });
    const record = (await this.records.findOne(request.record_id))!;
    const declined = request.reviews.filter((review) => review.status === 'declined');
    if (declined.length > 0) await this.tellRefusals(record, declined);
    await this.followCompleteness(record.id);
    return { documents: householdDocuments((await this.records.findOne(request.record_id))!).map(documentView) };
  }

  /** The person and kind a document's name gives, if the household as it stands has that person. */
  private targetIn(record: Record, name: string): { person: 1 | 2; type: NonNullable<ReturnType<typeof parseDocumentName>>['type'] } {
    const parsed = parseDocumentName(name);
    if (!parsed) throw new FieldsError({ type: 'Choisissez le type de pièce.' });
    if (parsed.person === 2 && record.situation !== 'couple') throw new FieldsError({ type: TYPE_NOT_IN_HOUSEHOLD });
    return parsed;
  }

  /**
   * Checks, scans and keeps the file (VaultService), then writes its row in place of the files `placement` names.
   * The check takes seconds, and uploads of one file come at once (several chosen together, a double click, a shared
   * link): the kind's files are read again, and `placement` asked again, under the application file's lock, which the
   * next upload waits for. A refused file leaves nothing behind; the files it replaces are removed from disk.
   */
  private async keep(record: Record, target: { person: 1 | 2; type: RecordDocument['type'] }, file: IncomingFile, source: DocumentSource, placement: Placement): Promise<RecordDocument> {
    const kept = await this.vault.ingest({ path: file.path, originalName: file.originalname, type: target.type });
    let saved: RecordDocument;
    let replaced: RecordDocument[] = [];
    try {
      // The file's row is locked, not read: what is counted under it (its documents) is this domain's.
      saved = await lockedTransaction(this.dataSource, Record, record.id, async (manager) => {
        const files = await manager.find(RecordDocument, { where: { record: { id: record.id }, person: target.person, type: target.type }, order: { id: 'ASC' } });
        replaced = placement(files);
        if (replaced.length > 0) {
          const removed = await manager.delete(RecordDocument, { id: In(replaced.map((document) => document.id)), status: In(['to_process', 'declined']) });
          // Validated meanwhile: a review does not wait for the file's lock.
          if (removed.affected !== replaced.length) throw new ConflictError(CHANGED_MEANWHILE);
        }
        return manager.save(
          manager.create(RecordDocument, {
            record: { id: record.id },
            person: target.person,
            type: target.type,
            originalName: kept.originalName,
            storedName: kept.storedName,
            keyId: kept.keyId,
            contentType: kept.contentType,
            size: kept.size,
            pages: kept.pages,
            sha256: kept.sha256,
            scan: kept.scan,
            source,
            status: 'to_process',
            reason: null,
            reviewedAt: null,
            reviewedById: null,
            watermarkedName: null,
            watermarkedType: null,
          }),
        );
      });
    } catch (error) {
      await this.vault.remove(kept.storedName);
      throw error;
    }
    if (replaced.length > 0) await this.vault.remove(...replaced.flatMap(storedFilesOf));
    await this.followCompleteness(record.id);
    return saved;
  }

  /**
   * Tells the owner once every required document is validated, and forgets it when that stops being true (a new
   * required document, a refusal), so that the next completion is told again; the staff's list learns what is missing.
   */
  private async followCompleteness(recordId: number): Promise<void> {
    await this.events.emitAsync(DOCUMENT_EVENTS.changed, new DocumentsChanged(recordId));
    const record = await this.records.findOne(recordId);
    if (!record) return;
    const { complete } = completeness(requiredFor(record), householdDocuments(record).map(documentView));
    if (complete && !record.completeNotifiedAt) {
      // Two reviews finishing at once: only the one that marked the file tells its owner.
      if (await this.records.markCompleteNotified(recordId)) await this.tellOwner(record, 'Votre dossier est complet', [
        `Toutes les pièces justificatives de votre dossier ${record.reference} ont été vérifiées et validées par nos services.`,
        'Votre demande peut maintenant être étudiée : nous reviendrons vers vous pour la suite.',
      ]);
    } else if (!complete && record.completeNotifiedAt) {
      await this.records.forgetCompleteNotified(recordId);
    }
  }

  private async tellRefusals(record: Record, declined: { id: number; reason?: string | null }[]): Promise<void> {
    const persons = householdPersons(record).length;
    const lines = declined.map(({ id, reason }) => {
      const document = record.documents.find((candidate) => candidate.id === id)!;
      const name = documentView(document).type;
      return `${documentLabel(name, persons)}, fichier « ${document.originalName} » : ${reason}`;
    });
    await this.tellOwner(record, declined.length > 1 ? 'Des pièces de votre dossier sont à remplacer' : 'Une pièce de votre dossier est à remplacer', [
      `Nos services ont vérifié les pièces de votre dossier ${record.reference} le ${formatDate(new Date())}. ${declined.length > 1 ? 'Ces pièces n’ont pas pu être acceptées' : 'Cette pièce n’a pas pu être acceptée'} :`,
      ...lines,
      'Déposez un nouveau fichier depuis votre espace, rubrique « Mes pièces justificatives ».',
    ]);
  }

  private async tellOwner(record: Record, subject: string, paragraphs: string[]): Promise<void> {
    const to = record.user?.email ?? record.persons.find((person) => person.position === 1)?.email;
    if (!to) return;
    const name = record.persons.find((person) => person.position === 1)?.firstName ?? '';
    try {
      await this.mail.send({
        to,
        subject,
        paragraphs: [name ? `Bonjour ${name},` : 'Bonjour,', ...paragraphs],
        action: { label: 'Voir mes pièces justificatives', url: `${this.config.publicUrl}/mon-compte-hsa-lli/mon-dossier` },
      });
    } catch (error) {
      this.logger.error(`E-mail to the owner of record ${record.id} failed: ${String(error)}`);
    }
  }
}
