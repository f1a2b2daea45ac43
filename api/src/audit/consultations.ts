import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  NotFoundException,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { PDF_DOCUMENTS, TEXT_ID } from '@hsa-lli/common/back-office';
import type { Request } from 'express';
import { catchError, mergeMap, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { ACCESS_KEY, type AccessRule } from '../auth/access.decorators.js';
import { mayUse } from '../auth/access-rules.js';
import type { SessionUser } from '../auth/session-user.js';
import { ThisSiteOnly } from '../http/same-site-requests.js';
import { AgendaItem } from '../committee/entities/agenda-item.entity.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { STAFF_RECORD } from '../records/record-pages.js';
import { AuditService } from './audit.service.js';
import type { AuditAction } from './entities/audit-entry.entity.js';

/** The pages that show staff one application file: their every call on a file is a consultation of it. */
export const FILE_PAGES: readonly string[] = [STAFF_RECORD, PDF_DOCUMENTS.summary.page];

/** The consultations that read; the others change the file, and are written once the change is made. */
const READS: readonly AuditAction[] = ['record_view', 'document_read'];

/** Where in the request an id is: a field of the JSON body, or a segment of the path. */
type Place = `body.${string}` | `params.${string}`;

/**
 * Where a route finds the file it works on: the file's own id, or the id of one of its documents or of one of its
 * follow-up events. `exceptOwner`: the file's owner reading their own document is no consultation.
 */
export type FileLocator = { record: Place } | { document: Place; exceptOwner?: true } | { event: Place };

interface Consultation {
  action: AuditAction;
  locator: FileLocator;
}

/** The file a request consulted, once its consultation is written. */
export interface ConsultedFile {
  recordId: number;
  documentId?: number;
}

declare module 'express' {
  interface Request {
    /** Set by ConsultationInterceptor when the request is a staff member's consultation of a file. */
    consultation?: ConsultedFile;
  }
}

const CONSULTATION_KEY = 'hsa:consultation';

/**
 * Makes a route of a file's page (FILE_PAGES) a consultation of the file `locator` finds, for staff: counted toward
 * their daily number of files (429 beyond it), in the audit trail as `action`, and refused from another site (GET
 * included). Every route of those pages says it, or `@ConsultsNoFile()`: a test holds them to it.
 */
export const Consults = (action: AuditAction, locator: FileLocator) => applyDecorators(SetMetadata(CONSULTATION_KEY, { action, locator } satisfies Consultation), ThisSiteOnly());

/** A route of a file's page that shows nothing of any one file (a list of options, the state of a print job). */
export const ConsultsNoFile = () => SetMetadata(CONSULTATION_KEY, null);

/** What a route says it consults: a consultation, null for nothing, undefined when it says nothing. */
export function consultationOf(handler: object): Consultation | null | undefined {
  return Reflect.getMetadata(CONSULTATION_KEY, handler) as Consultation | null | undefined;
}

/** The file this request consulted as staff, or null (its owner's own read, the print job's). */
export const Consulted = createParamDecorator((_: unknown, context: ExecutionContext): ConsultedFile | null => context.switchToHttp().getRequest<Request>().consultation ?? null);

/** An id as the routes take it: a path segment of digits, a body field that is a whole number of at least 1. */
function idAt(request: Request, place: Place): number | null {
  const [from, key] = place.split('.') as ['body' | 'params', string];
  if (from === 'params') {
    const raw = request.params[key];
    return typeof raw === 'string' && TEXT_ID.test(raw) ? Number(raw) : null;
  }
  const body: unknown = request.body;
  const value = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { [field: string]: unknown })[key] : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/**
 * The one place where staff calls on a file are counted and written. Before the route runs, the file is found (404
 * with no body when it does not exist) and counted toward the staff member's allowance in one step with what makes it
 * count (429 beyond it; AuditService.allowing), so that calls arriving at once cannot all pass the same count. A read is
 * written in that step, before any of the file leaves (the routes that send a file send it themselves, before anything
 * after them runs). A change reserves its file in that step, and is written once the route has made it, before its
 * answer leaves; a change refused (a field to correct, a stage move that makes no sense) did nothing: its reservation
 * is dropped, and it is neither written nor counted. A malformed id is left to the route, whose schema or path check
 * refuses it before it runs. The print job's credential reads for the staff member whose ask was the consultation; a
 * customer reaching a route through their own page is no staff member.
 */
@Injectable()
export class ConsultationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const consultation = consultationOf(context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    const actor = request.user as SessionUser | undefined;
    if (!consultation || !actor) return next.handle();
    const rule = this.reflector.get<AccessRule | undefined>(ACCESS_KEY, context.getHandler());
    const asStaff = rule?.kind === 'page' && rule.patterns.some((page) => FILE_PAGES.includes(page) && mayUse(actor.roles, page));
    if (!asStaff) return next.handle();
    const file = await this.fileOf(consultation.locator, request, actor);
    if (!file) return next.handle();
    const { action } = consultation;
    if (READS.includes(action)) {
      await this.audit.read(action, file, actor, request);
      request.consultation = file;
      return next.handle();
    }
    const reservation = await this.audit.reserve(file.recordId, actor);
    request.consultation = file;
    return next.handle().pipe(
      // A change refused did nothing: its file is not counted.
      catchError(async (error: unknown) => {
        await this.audit.release(reservation, actor);
        throw error;
      }),
      mergeMap(async (answer: unknown) => {
        await this.audit.confirm(reservation, action, file, actor, request);
        return answer;
      }),
    );
  }

  /**
   * The file a call concerns, from the id it names (a file's, an event's, a document's). Read here rather than through
   * the records', follow-up's, documents' and committee's services: RecordsModule imports AuditModule (and the
   * follow-up's, documents' and committee's modules import RecordsModule), so AuditModule cannot import them.
   */
  private async fileOf(locator: FileLocator, request: Request, actor: SessionUser): Promise<ConsultedFile | null> {
    const manager = this.dataSource.manager;
    if ('record' in locator) {
      const id = idAt(request, locator.record);
      if (id === null) return null;
      if (!(await manager.existsBy(Record, { id }))) throw new NotFoundException();
      // The comitee role reads the summary of the files presented to a session it sits in, and no other.
      if (!mayUse(actor.roles, STAFF_RECORD) && !(await manager.exists(AgendaItem, { where: { candidates: { record: { id } }, session: { members: { id: actor.id } } } }))) {
        throw new NotFoundException();
      }
      return { recordId: id };
    }
    if ('event' in locator) {
      const id = idAt(request, locator.event);
      if (id === null) return null;
      const event = await manager.findOne(RecordEvent, { where: { id }, relations: { record: true } });
      if (!event) throw new NotFoundException();
      return { recordId: event.record.id };
    }
    const id = idAt(request, locator.document);
    if (id === null) return null;
    const document = await manager.findOne(RecordDocument, { where: { id }, relations: { record: { user: true } } });
    if (!document) throw new NotFoundException();
    if (locator.exceptOwner && document.record.user?.id === actor.id) return null;
    return { recordId: document.record.id, documentId: id };
  }
}
