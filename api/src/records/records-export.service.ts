import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { RecordExportFormat, RecordRow, recordExportSchema } from '@hsa-lli/common/back-office';
import { formatShortDate, parisDay, plural, type JobView } from '@hsa-lli/common/domain';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { FileToSend } from '../http/file-answers.js';
import type { AppConfig } from '../config/config.js';
import { privateDir } from '../vault/vault.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RecordsListService } from './records-list.service.js';

type ExportRequest = z.output<typeof recordExportSchema>;

const JOB = 'records';
/** Rows read from the database at a time. */
const CHUNK = 1000;

/** What the job is given: whom the file is for, under which name it is written, and which list. */
interface ExportJobData {
  requester: number;
  file: string;
  format: RecordExportFormat;
  request: Omit<ExportRequest, 'format'>;
}

/** What `file` answers: the job while it runs, or the finished file. */
export type ExportOutcome = { job: JobView } | (FileToSend & { content: { path: string } });

const CONTENT_TYPES: { [format in RecordExportFormat]: string } = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const COLUMNS = [
  { header: 'Référence', width: 16 },
  { header: 'Demandeurs', width: 32 },
  { header: 'Foyer', width: 28 },
  { header: 'Recherche', width: 36 },
  { header: 'Stade', width: 20 },
  { header: 'Pièces', width: 8 },
  { header: 'Dernier événement', width: 28 },
  { header: 'Suivi par', width: 24 },
  { header: 'Créé le', width: 12 },
];


/** A file's line, as the list shows it. */
function cells(row: RecordRow): string[] {
  const wished = row.wished ? `${row.wished.label}${row.wished.others > 0 ? ` (et ${plural(row.wished.others, 'autre', 'autres')})` : ''}` : '';
  return [
    row.reference,
    row.applicants,
    row.household,
    wished,
    row.stage_label,
    `${row.completeness.provided}/${row.completeness.required}`,
    row.last_event ? `${row.last_event.label} le ${formatShortDate(new Date(row.last_event.at))}` : '',
    row.follower?.name ?? '',
    formatShortDate(new Date(row.created_at)),
  ];
}

/** The private folder of the exports: the staff's lists and the data subjects' own data. */
export const exportsDir = (dataDir: string) => join(privateDir(dataDir), 'exports');

/**
 * A CSV field: quoted, its quotes doubled; one a spreadsheet would take for a formula (= + - @) is kept as text by a
 * leading apostrophe.
 */
function csvField(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

async function writeLine(stream: WriteStream, line: string): Promise<void> {
  if (!stream.write(line)) await once(stream, 'drain');
}

/** The staff's exports of the files' list, written by a queue job into the private folder and downloaded by their requester only. */
@Injectable()
export class RecordsExportService implements OnModuleDestroy {
  private readonly logger = new Logger(RecordsExportService.name);
  private readonly directory: string;
  private readonly sweeper: NodeJS.Timeout;
  /** An export holds personal data: it is kept for its requester to download (RETENTION_EXPORT_MINUTES), then removed. */
  private readonly keptMs: number;

  constructor(
    private readonly jobs: JobsService,
    private readonly list: RecordsListService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.directory = exportsDir(config.dataDir);
    this.keptMs = config.retention.exportMinutes * 60_000;
    jobs.register('exports', JOB, (data) => this.write(data as ExportJobData));
    this.sweeper = setInterval(() => void this.sweep(), 10 * 60 * 1000).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async start({ format, ...request }: ExportRequest, caller: SessionUser): Promise<JobView> {
    await this.sweep();
    const data: ExportJobData = { requester: caller.id, file: randomUUID(), format, request };
    return this.jobs.enqueue('exports', JOB, data);
  }

  /** The job or its file, for its requester only: anybody else's, or a file older than an hour, is as unknown. */
  async file(id: string, caller: SessionUser): Promise<ExportOutcome | null> {
    const found = await this.jobs.findWithData('exports', id);
    const data = found?.data as ExportJobData | undefined;
    if (!found || data?.requester !== caller.id) return null;
    if (found.job.state === 'failed') throw new Error(`Export ${id} failed: ${found.job.failed_reason}`);
    if (found.job.state !== 'completed') return { job: found.job };
    const path = this.pathOf(data);
    const written = await stat(path).catch(() => null);
    if (!written || Date.now() - written.mtimeMs > this.keptMs) return null;
    return { content: { path }, contentType: CONTENT_TYPES[data.format], fileName: `dossiers-${parisDay(new Date())}.${data.format}` };
  }

  private pathOf(data: Pick<ExportJobData, 'file' | 'format'>): string {
    return join(this.directory, `${data.file}.${data.format}`);
  }

  /** Written under a temporary name, then renamed: a file half written is never served, and a retried job starts again. */
  private async write(data: ExportJobData): Promise<{ rows: number }> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const path = this.pathOf(data);
    const partial = `${path}.part`;
    const chunks = this.list.chunks(data.request, { id: data.requester }, CHUNK);
    const rows = data.format === 'csv' ? await this.writeCsv(partial, chunks) : await this.writeXlsx(partial, chunks);
    await rename(partial, path);
    this.logger.log(`Staff member #${data.requester} exported ${rows} application files as ${data.format.toUpperCase()}`);
    return { rows };
  }

  private async writeCsv(path: string, chunks: AsyncIterable<RecordRow[]>): Promise<number> {
    const stream = createWriteStream(path, { mode: 0o600 });
    const closed = once(stream, 'close');
    let rows = 0;
    try {
      // The byte order mark makes spreadsheets read the file as UTF-8.
      await writeLine(stream, `\uFEFF${COLUMNS.map((column) => csvField(column.header)).join(';')}\r\n`);
      for await (const chunk of chunks) {
        for (const row of chunk) await writeLine(stream, `${cells(row).map(csvField).join(';')}\r\n`);
        rows += chunk.length;
      }
    } finally {
      stream.end();
      await closed;
    }
    return rows;
  }

  private async writeXlsx(path: string, chunks: AsyncIterable<RecordRow[]>): Promise<number> {
    const stream = createWriteStream(path, { mode: 0o600 });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet('Dossiers', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let rows = 0;
    for await (const chunk of chunks) {
      for (const row of chunk) sheet.addRow(cells(row)).commit();
      rows += chunk.length;
    }
    sheet.commit();
    await workbook.commit();
    await finished(stream);
    return rows;
  }

  /**
   * Removes the exports kept long enough, the data subjects' own among them (same folder), and what a job that stopped
   * midway left.
   */
  private async sweep(): Promise<void> {
    const names = await readdir(this.directory).catch(() => []);
    for (const name of names) {
      const path = join(this.directory, name);
      const file = await stat(path).catch(() => null);
      if (file && Date.now() - file.mtimeMs > this.keptMs) await rm(path, { force: true });
    }
  }
}
