import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { PDF_DOCUMENTS, TEXT_ID, type PdfKind } from '@hsa-lli/common/back-office';
import type { Request, Response } from 'express';
import { Actor, ForPage, PrintData, Printing } from '../auth/access.decorators.js';
import type { PrintGrant } from '../auth/print-token.js';
import type { SessionUser } from '../auth/session-user.js';
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

  @ForPage(EXECUTIVE)
  @Get('goods/:id/PDF/executive.pdf')
  executiveFile(@Param('id') raw: string, @Res() response: Response) {
    return this.sendFile('executive', idOf(raw), response);
  }

  @ForPage(EXECUTIVE)
  @Get('goods/:id/PDF/executive/jobs/:job')
  executiveJob(@Param('id') raw: string, @Param('job') job: string) {
    return this.job('executive', idOf(raw), job);
  }

  /** The applicant summary's data (spec section 7: `{ record }`): a consultation of the file by whoever opens it. */
  @ForPage(SUMMARY)
  @PrintData()
  @Post('records/:id/PDF/summary')
  @HttpCode(200)
  async summary(@Param('id') raw: string, @Printing() grant: PrintGrant | null, @Actor() actor: SessionUser, @Req() request: Request) {
    const id = idOf(raw);
    const answer = await this.pdf.summary(id);
    if (!answer) throw new NotFoundException();
    // The print browser reads it for the staff member who asked for the PDF, whose request was the consultation.
    if (!grant) await this.pdf.consult('summary', id, actor, request);
    return answer;
  }

  /** Asking for the summary's PDF is a consultation of the file, as opening its page is. */
  @ForPage(SUMMARY)
  @Get('records/:id/PDF/summary.pdf')
  async summaryFile(@Param('id') raw: string, @Actor() actor: SessionUser, @Req() request: Request, @Res() response: Response) {
    const id = idOf(raw);
    if (!(await this.pdf.summary(id))) throw new NotFoundException();
    await this.pdf.consult('summary', id, actor, request);
    return this.sendFile('summary', id, response);
  }

  @ForPage(SUMMARY)
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
