import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { staffSignature } from '../audit/audit.service.js';
import { ConflictError, TooManyAttemptsError } from '../http/api-errors.js';
import { RateLimiter } from '../http/rate-limiter.service.js';
import type { SharedUploadInfos, UploadLinkView } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import type { Token } from '../tokens/entities/token.entity.js';
import { TokensService } from '../tokens/tokens.service.js';
import type { Record } from '../records/entities/record.entity.js';
import { householdPersons, requiredFor } from '../records/record-view.js';
import { RecordsService } from '../records/records.service.js';
import { fullName } from '../users/account-names.js';

/** Active links a file may have at once: enough for a co-applicant, an employer, a relative. */
const MAX_ACTIVE_LINKS = 5;
/** Links a file may get in a day, withdrawn ones included: each may send an e-mail to any address. */
const LINKS_PER_DAY = { max: 10, windowMs: 24 * 60 * 60_000 };
/** Calls of shared links from one address in an hour: a link is used by one person, for a few files. */
const SHARED_CALLS_PER_HOUR = { max: 120, windowMs: 60 * 60_000 };

function linkView(token: Token): UploadLinkView {
  // A customer sees their own name; staff are named as the audit names them, a first name and an initial.
  const by = token.user
    ? token.user.roles.includes('customer')
      ? fullName(token.user)
      : staffSignature(token.user)
    : 'HSA Logement intermédiaire';
  return {
    id: token.id,
    // A link not e-mailed keeps no address.
    email: token.email === '' ? null : token.email,
    created_by: by,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
  };
}

/**
 * Shared upload links (`/deversement-de-pieces/<record_id>/<token>`): someone without an account adds documents to one
 * file for 14 days, seeing nothing of it. Its owner or staff create and withdraw them. The secret exists only in the
 * answer that creates the link (and the e-mail, if one is sent): the database keeps its SHA-256.
 */
@Injectable()
export class UploadLinksService {
  private readonly logger = new Logger(UploadLinksService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokensService,
    private readonly records: RecordsService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
  ) {}

  /** Counts a call made with a link, by address: nobody without an account sends files, or tries links, at will. */
  async countVisit(request: Request): Promise<void> {
    if ((await this.limiter.hit(`shared-link:ip:${request.ip}`, SHARED_CALLS_PER_HOUR)) > SHARED_CALLS_PER_HOUR.max) {
      throw new TooManyAttemptsError('Trop d’envois depuis cette connexion. Réessayez dans une heure.');
    }
  }

  /** The active links of its owner's file. */
  async listMine(userId: number): Promise<{ data: UploadLinkView[] }> {
    return this.list((await this.records.findMine(userId)).id);
  }

  /** A link to its owner's file, e-mailed when `email` is given. */
  async createMine(actor: SessionUser, email: string | undefined): Promise<{ link: UploadLinkView; url: string }> {
    return this.create(await this.records.findMine(actor.id), actor, email);
  }

  /** Withdraws a link of its owner's file. */
  async withdrawMine(userId: number, id: number): Promise<{ link: UploadLinkView }> {
    return this.withdraw((await this.records.findMine(userId)).id, id);
  }

  /** A link to any file, by staff; an unknown file is a 404. */
  async createForRecord(recordId: number, actor: SessionUser, email: string | undefined): Promise<{ link: UploadLinkView; url: string }> {
    const record = await this.records.findOne(recordId);
    if (!record) throw new NotFoundException();
    return this.create(record, actor, email);
  }

  async list(recordId: number): Promise<{ data: UploadLinkView[] }> {
    return { data: (await this.tokens.uploadLinksOf(recordId)).map(linkView) };
  }

  async create(record: Record, actor: SessionUser, email: string | undefined): Promise<{ link: UploadLinkView; url: string }> {
    if ((await this.limiter.hit(`upload-links:record:${record.id}`, LINKS_PER_DAY)) > LINKS_PER_DAY.max) {
      throw new TooManyAttemptsError(`Ce dossier a reçu ${LINKS_PER_DAY.max} liens de dépôt aujourd’hui : réessayez demain.`);
    }
    const { data } = await this.list(record.id);
    if (data.length >= MAX_ACTIVE_LINKS) {
      throw new ConflictError(`Ce dossier a déjà ${MAX_ACTIVE_LINKS} liens de dépôt actifs : retirez-en un avant d’en créer un autre.`);
    }
    const raw = await this.tokens.issue('document_upload', { email: email ?? '', user: { id: actor.id } as Token['user'], record });
    const url = `${this.config.publicUrl}/deversement-de-pieces/${record.id}/${raw}`;
    const token = await this.tokens.issued(raw);
    if (email) await this.sendLink(record, actor, email, url);
    return { link: linkView(token), url };
  }

  /** Withdraws a link of that file; another file's link, or an unknown one, is a 404. */
  async withdraw(recordId: number, id: number): Promise<{ link: UploadLinkView }> {
    const token = await this.tokens.withdrawUploadLink(recordId, id);
    if (!token) throw new NotFoundException();
    return { link: linkView(token) };
  }

  /** The file a usable link opens, and the link; 404 otherwise: a wrong record id and a wrong secret answer alike. */
  async resolve(recordId: number, raw: string): Promise<{ record: Record; token: Token }> {
    const token = await this.tokens.findUsable('document_upload', raw);
    if (!token) throw new NotFoundException();
    if ((await this.tokens.recordIdOf(token.id)) !== recordId) throw new NotFoundException();
    const record = await this.records.findOne(recordId);
    if (!record) throw new NotFoundException();
    return { record, token };
  }

  /**
   * What the shared page shows: first names, what may be added, until when. Each call with a link counts toward its
   * address's allowance (`countVisit`) before the link is looked at.
   */
  async infos(request: Request, recordId: number, raw: string): Promise<{ infos: SharedUploadInfos }> {
    await this.countVisit(request);
    const { record, token } = await this.resolve(recordId, raw);
    return {
      infos: {
        owner: householdPersons(record).map((person) => person.firstName).filter(Boolean).join(' et ') || 'le demandeur',
        situation: record.situation,
        required_documents: requiredFor(record),
        expires_at: token.expiresAt.toISOString(),
      },
    };
  }

  private async sendLink(record: Record, actor: SessionUser, email: string, url: string): Promise<void> {
    const from = actor.roles.includes('customer') ? fullName(actor) : 'HSA Logement intermédiaire';
    try {
      await this.mail.send({
        to: email,
        subject: 'Des pièces justificatives à déposer pour une demande de logement',
        paragraphs: [
          'Bonjour,',
          `${from} vous invite à déposer des pièces justificatives dans le dossier de demande de logement ${record.reference} auprès de HSA Logement intermédiaire.`,
          'Le lien ci-dessous permet d’ajouter des documents à ce dossier, sans voir ceux qui s’y trouvent déjà. Il reste valable 14 jours. Ne le transmettez à personne d’autre.',
        ],
        action: { label: 'Déposer des pièces', url },
      });
    } catch (error) {
      this.logger.error(`Shared upload link e-mail failed: ${String(error)}`);
    }
  }
}
