import { HttpStatus, Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  householdLabel,
  minutesReference,
  PDF_DOCUMENTS,
  PDF_FAILED,
  PDF_NO_CHROMIUM,
  type ApplicantSummaryAnswer,
  type ExecutiveNoteAnswer,
  type MinutesAnswer,
  type PdfKind,
} from '@hsa-lli/common/back-office';
import { currentLliYear, householdEligibility, rentRatio, worksInBackOffice, type JobView } from '@hsa-lli/common/domain';
import type { SessionUser } from '../auth/session-user.js';
import { BrowserProvider } from '../browser/browser.module.js';
import { ApiHttpError } from '../http/api-errors.js';
import type { FileToSend } from '../http/file-answers.js';
import { loadKeyring } from '../vault/keyring.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { toGoodAdminView } from '../goods/good-view.js';
import { GoodsService } from '../goods/goods.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { householdPersons, staffRecordView } from '../records/record-view.js';
import { FollowUpService } from '../follow-up/follow-up.service.js';
import { SessionViews } from '../committee/session-views.js';
import { RecordsService } from '../records/records.service.js';
import { VersionService } from '../version/version.service.js';
import { PrintedFiles, pdfKey } from './printed-files.js';

/** What a print job is given: which PDF, and the key the API expects for the data it saw. */
export interface PrintJobData {
  kind: PdfKind;
  id: number;
  key: string;
  frontVersion: string;
}

export const PRINT_JOB = 'print';

/** A print job is tried three times, 2 s then 4 s apart, before it is shown as failed. */
export const PRINT_ATTEMPTS = 3;
const PRINT_BACKOFF = { type: 'exponential' as const, delay: 2000 };

/** The data of a PDF's page, as its POST answers it. */
export type PdfData = ExecutiveNoteAnswer | ApplicantSummaryAnswer | MinutesAnswer;

/** What `file` answers: the stored PDF, or the job that prints it. */
export type PdfOutcome = (FileToSend & { content: Buffer }) | { job: JobView };

/** A print job's id: one per PDF key, so that however many ask for the same file, it is printed once. */
export const printJobId = (data: Pick<PrintJobData, 'kind' | 'id' | 'key'>) => `${data.kind}-${data.id}-${data.key}`;

/**
 * The printable PDFs: the data of their pages (the executive note on a good, the applicant summary of a file), and
 * their files, printed by the `pdf` queue (PdfPrinter) and kept privately, keyed by template and data.
 */
@Injectable()
export class PrintingService implements OnModuleInit, OnModuleDestroy {
  readonly files: PrintedFiles;
  /** Sweeps the stored PDFs every hour, in the API and in a worker alike, whether anything is printed or not. */
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly goods: GoodsService,
    private readonly records: RecordsService,
    private readonly followUp: FollowUpService,
    private readonly jobs: JobsService,
    private readonly versions: VersionService,
    private readonly browser: BrowserProvider,
    private readonly sessions: SessionViews,
  ) {
    this.files = new PrintedFiles(config.dataDir, loadKeyring(config), config.retention.printedPdfHours * 60 * 60_000);
    this.sweeper = setInterval(() => void this.files.sweep(), 60 * 60_000).unref();
  }

  onModuleInit(): void {
    void this.files.sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * The executive note's data: the good, its residence, its rent against the LLI ceiling of its zone, its energy
   * labels, and its candidate files (see FollowUpService.candidatesFor) with where each stands.
   */
  async executive(id: number): Promise<ExecutiveNoteAnswer | null> {
    const good = await this.goods.find(id);
    if (!good) return null;
    const view = toGoodAdminView(good);
    const zone = good.residence.area;
    const candidates = await this.followUp.candidatesFor(id);
    return {
      good: {
        id: view.id,
        version: view.version,
        enabled: view.enabled,
        reference: view.reference,
        flat_size: view.flat_size,
        surface: view.surface,
        rent_price: view.rent_price,
        monthly_costs: view.monthly_costs,
        available_from: view.available_from,
        occupied: view.occupied,
        description: view.description,
        facilities: good.facilities.map((equipment) => equipment.name).sort((a, b) => a.localeCompare(b, 'fr')),
        dpe_kwh: view.dpe_kwh,
        dpe_kgco2: view.dpe_kgco2,
        kwh_class: view.kwh_class,
        kgco2_class: view.kgco2_class,
        energy_class: view.energy_class,
        rent_ceiling: view.rent_ceiling,
        lli_year: currentLliYear(),
        residence: {
          id: good.residence.id,
          name: good.residence.name,
          status: good.residence.status,
          address_line_1: good.residence.addressLine1,
          neighborhood: good.residence.neighborhood,
          city: view._residence.city,
          area: zone,
        },
        candidates: candidates.map(({ record, kinds, lastEvent }) => {
          const incomes = householdPersons(record).map((person) => person.taxIncome);
          const eligibility = householdEligibility({ situation: record.situation, dependants: record.dependants, incomes }, [zone]);
          return {
            id: record.id,
            reference: record.reference,
            household: householdLabel(record.situation, record.members ?? []),
            stage: record.stage,
            kinds,
            eligible: eligibility ? eligibility.by_zone[0]!.eligible : null,
            rent_ratio: rentRatio(good.rentPriceCents, eligibility ? eligibility.income : null),
            last_event: lastEvent && { type: lastEvent.type, at: lastEvent.at.toISOString() },
          };
        }),
      },
    };
  }

  /**
   * The applicant summary's data: the file as staff read it (without its audit trail), with its stages and events, oldest
   * first. To the comitee role, only the files presented to a session it sits in.
   */
  async summary(id: number, reader?: SessionUser): Promise<ApplicantSummaryAnswer | null> {
    if (!(await this.mayRead('summary', id, reader))) return null;
    const record = await this.records.findOne(id);
    if (!record) return null;
    const { consultations: _consultations, ...staff } = staffRecordView(record, []);
    const followUp = await this.followUp.view(id);
    const wished_residences = [...record.wishedResidences].sort((a, b) => a.id - b.id).map((residence) => ({ id: residence.id, name: residence.name }));
    return { record: { ...staff, wished_residences, stage_changes: [...followUp.stage_changes].reverse(), events: [...followUp.events].reverse() } };
  }

  /** The minutes' data: a closed session, everything of it (null before it is closed). */
  async minutes(id: number): Promise<MinutesAnswer | null> {
    const session = await this.sessions.minutes(id);
    return session && { session };
  }

  /** A PDF's data, when the reader (none: the print job's credential) may read it. */
  async readable(kind: PdfKind, id: number, reader?: SessionUser): Promise<PdfData | null> {
    return (await this.mayRead(kind, id, reader)) ? this.data(kind, id) : null;
  }

  /**
   * Whether a person may read a PDF their page's access rule opens to them: staff any; the comitee role only the summary
   * of a file presented to a session it sits in, and the minutes of such a session. The print job's credential (no
   * reader) names its one page and id.
   */
  private async mayRead(kind: PdfKind, id: number, reader?: SessionUser): Promise<boolean> {
    if (!reader || kind === 'executive' || worksInBackOffice(reader.roles)) return true;
    return kind === 'summary' ? this.sessions.presentedTo(id, reader.id) : this.sessions.sitsIn(id, reader.id);
  }

  data(kind: PdfKind, id: number): Promise<PdfData | null> {
    if (kind === 'executive') return this.executive(id);
    return kind === 'summary' ? this.summary(id) : this.minutes(id);
  }

  /**
   * The PDF of the current data when it is stored; otherwise its print job, queued once whatever the number of
   * requests (its id is the key's). Null for an unknown good or file.
   */
  async file(kind: PdfKind, id: number, reader?: SessionUser): Promise<PdfOutcome | null> {
    const answer = await this.readable(kind, id, reader);
    if (!answer) return null;
    const frontVersion = await this.versions.version();
    const key = pdfKey(frontVersion, answer);
    const reference = 'good' in answer ? answer.good.reference : 'record' in answer ? answer.record.reference : minutesReference(answer.session.date);
    const fileName = PDF_DOCUMENTS[kind].fileName(reference);
    const stored = await this.files.read(kind, id, key);
    if (stored) return { content: stored, contentType: 'application/pdf', fileName };
    // This process prints (or runs jobs in-process) and has no Chromium: said now, rather than by a job failing later.
    if ((this.config.runWorkers || !this.config.redisUrl) && !this.browser.available) throw new ApiHttpError({ error: PDF_NO_CHROMIUM }, HttpStatus.SERVICE_UNAVAILABLE);
    const data: PrintJobData = { kind, id, key, frontVersion };
    const jobId = printJobId(data);
    const existing = await this.jobs.find('pdf', jobId);
    if (existing && (existing.state === 'waiting' || existing.state === 'active')) return { job: this.shown(existing) };
    // Printed meanwhile, between the look above and now.
    const printed = existing?.state === 'completed' ? await this.files.read(kind, id, key) : null;
    if (printed) return { content: printed, contentType: 'application/pdf', fileName };
    // A failed job is tried again when someone asks again; a completed one whose file is gone prints it again.
    if (existing) await this.jobs.remove('pdf', jobId);
    const job = await this.jobs.enqueue('pdf', PRINT_JOB, data, { jobId, attempts: PRINT_ATTEMPTS, backoff: PRINT_BACKOFF });
    return { job: this.shown(job) };
  }

  /** A print job of this PDF, for whoever may read it; null for another PDF's job or an unknown one. */
  async job(kind: PdfKind, id: number, jobId: string, reader?: SessionUser): Promise<JobView | null> {
    if (!(await this.mayRead(kind, id, reader))) return null;
    const found = await this.jobs.findWithData('pdf', jobId);
    const data = found?.data as PrintJobData | undefined;
    if (!found || data?.kind !== kind || data.id !== id) return null;
    return this.shown(found.job);
  }

  /** A job as the page reads it: its failure in French (the technical reason is in the worker's log). */
  private shown(job: JobView): JobView {
    return { ...job, result: null, failed_reason: job.state === 'failed' ? PDF_FAILED : null };
  }
}
