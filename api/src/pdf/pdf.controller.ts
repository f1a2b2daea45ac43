import { Controller, Get, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { PDF_DOCUMENTS, TEXT_ID, type PdfKind } from '@hsa-lli/common/back-office';
import type { Response } from 'express';
import { Consults, ConsultsNoFile } from '../audit/consultations.js';
import { ForPage, PrintData } from '../auth/access.decorators.js';
import { ThisSiteOnly } from '../common/same-site-requests.js';
import { PdfService } from './pdf.service.js';

const EXECUTIVE = PDF_DOCUMENTS.executive.page;
const SUMMARY = PDF_DOCUMENTS.summary.page;

/** An id of the address: anything else is as unknown as a missing good or file. */
function idOf(raw: string): number {
  if (!TEXT_ID.test(raw)) throw new NotFoundException();
  return Number(raw);
}

/** `attachment`, with an ASCII name for old clients and the real one as RFC 5987 writes it. */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]|["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The printable PDFs. For each: its page's data (`POST`, which the print browser also reads with its own credential),
 * its file (`GET ….pdf`: 200 with the PDF of the current data, else 202 with the job that prints it), and that job.
 */
@Controller()
export class PdfController {
  constructor(private readonly pdf: PdfService) {}

  /** The executive note's data (spec section 7: `{ good }`). */
  @ForPage(EXECUTIVE)
  @PrintData()
  @Post('goods/:id/PDF/executive')
  @HttpCode(200)
  async executive(@Param('id') raw: string) {
    const answer = await this.pdf.executive(idOf(raw));
    if (!answer) throw new NotFoundException();
    return answer;
  }

  /** May start a print job: refused from another site, as the summary's file is. */
  @ForPage(EXECUTIVE)
  @ThisSiteOnly()
  @Get('goods/:id/PDF/executive.pdf')
  executiveFile(@Param('id') raw: string, @Res() response: Response) {
    return this.sendFile('executive', idOf(raw), response);
  }

  @ForPage(EXECUTIVE)
  @Get('goods/:id/PDF/executive/jobs/:job')
  executiveJob(@Param('id') raw: string, @Param('job') job: string) {
    return this.job('executive', idOf(raw), job);
  }

  /**
   * The applicant summary's data (spec section 7: `{ record }`): a consultation of the file by whoever opens it. The
   * print browser reads it for the staff member who asked for the PDF, whose request was the consultation.
   */
  @ForPage(SUMMARY)
  @PrintData()
  @Consults('record_view', { record: 'params.id' })
  @Post('records/:id/PDF/summary')
  @HttpCode(200)
  async summary(@Param('id') raw: string) {
    const answer = await this.pdf.summary(idOf(raw));
    if (!answer) throw new NotFoundException();
    return answer;
  }

  /** Asking for the summary's PDF is a consultation of the file, as opening its page is. */
  @ForPage(SUMMARY)
  @Consults('record_view', { record: 'params.id' })
  @Get('records/:id/PDF/summary.pdf')
  summaryFile(@Param('id') raw: string, @Res() response: Response) {
    return this.sendFile('summary', idOf(raw), response);
  }

  /** A print job's state says nothing of the file. */
  @ForPage(SUMMARY)
  @ConsultsNoFile()
  @Get('records/:id/PDF/summary/jobs/:job')
  summaryJob(@Param('id') raw: string, @Param('job') job: string) {
    return this.job('summary', idOf(raw), job);
  }

  private async job(kind: PdfKind, id: number, jobId: string) {
    const job = await this.pdf.job(kind, id, jobId);
    if (!job) throw new NotFoundException();
    return { job };
  }

  private async sendFile(kind: PdfKind, id: number, response: Response): Promise<void> {
    const outcome = await this.pdf.file(kind, id);
    if (!outcome) throw new NotFoundException();
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if ('job' in outcome) {
      response.status(202).json({ job: outcome.job });
      return;
    }
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', attachment(outcome.fileName));
    response.send(outcome.content);
  }
}
