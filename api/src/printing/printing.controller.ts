import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { PDF_DOCUMENTS, TEXT_ID, type PdfKind } from '@hsa-lli/common/back-office';
import type { Request, Response } from 'express';
import { Consults, ConsultsNoFile } from '../audit/consultations.js';
import { Actor, ForPage, PrintData } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { sendFileOrJob } from '../http/file-answers.js';
import { ThisSiteOnly } from '../http/same-site-requests.js';
import { PrintingService } from './printing.service.js';

const EXECUTIVE = PDF_DOCUMENTS.executive.page;
const SUMMARY = PDF_DOCUMENTS.summary.page;
const MINUTES = PDF_DOCUMENTS.minutes.page;

/** The caller of a page's data call: a person, or nobody for the print job's credential (already checked for that id). */
const readerOf = (request: Request) => request.user as SessionUser | undefined;

/** An id of the address: anything else is as unknown as a missing good or file. */
function idOf(raw: string): number {
  if (!TEXT_ID.test(raw)) throw new NotFoundException();
  return Number(raw);
}

/**
 * The printable PDFs. For each: its page's data (`POST`, which the print browser also reads with its own credential),
 * its file (`GET ….pdf`: 200 with the PDF of the current data, else 202 with the job that prints it), and that job.
 */
@Controller()
export class PrintingController {
  constructor(private readonly pdf: PrintingService) {}

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
  async executiveFile(@Param('id') raw: string, @Res() response: Response) {
    sendFileOrJob(response, await this.pdf.file('executive', idOf(raw)), { disposition: 'attachment' });
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
  async summary(@Param('id') raw: string, @Req() request: Request) {
    const answer = await this.pdf.summary(idOf(raw), readerOf(request));
    if (!answer) throw new NotFoundException();
    return answer;
  }

  /** Asking for the summary's PDF is a consultation of the file, as opening its page is. */
  @ForPage(SUMMARY)
  @Consults('record_view', { record: 'params.id' })
  @Get('records/:id/PDF/summary.pdf')
  async summaryFile(@Param('id') raw: string, @Actor() actor: SessionUser, @Res() response: Response) {
    sendFileOrJob(response, await this.pdf.file('summary', idOf(raw), actor), { disposition: 'attachment' });
  }

  /** A print job's state says nothing of the file. */
  @ForPage(SUMMARY)
  @ConsultsNoFile()
  @Get('records/:id/PDF/summary/jobs/:job')
  summaryJob(@Param('id') raw: string, @Param('job') job: string, @Actor() actor: SessionUser) {
    return this.job('summary', idOf(raw), job, actor);
  }

  /** A closed session's minutes: to staff, and to the comitee role for the sessions it sat in. */
  @ForPage(MINUTES)
  @PrintData()
  @Post('committee/sessions/:id/PDF/minutes')
  @HttpCode(200)
  async minutes(@Param('id') raw: string, @Req() request: Request) {
    const answer = await this.pdf.readable('minutes', idOf(raw), readerOf(request));
    if (!answer) throw new NotFoundException();
    return answer;
  }

  @ForPage(MINUTES)
  @ThisSiteOnly()
  @Get('committee/sessions/:id/PDF/minutes.pdf')
  async minutesFile(@Param('id') raw: string, @Actor() actor: SessionUser, @Res() response: Response) {
    sendFileOrJob(response, await this.pdf.file('minutes', idOf(raw), actor), { disposition: 'attachment' });
  }

  @ForPage(MINUTES)
  @Get('committee/sessions/:id/PDF/minutes/jobs/:job')
  minutesJob(@Param('id') raw: string, @Param('job') job: string, @Actor() actor: SessionUser) {
    return this.job('minutes', idOf(raw), job, actor);
  }

  private async job(kind: PdfKind, id: number, jobId: string, actor?: SessionUser) {
    const job = await this.pdf.job(kind, id, jobId, actor);
    if (!job) throw new NotFoundException();
    return { job };
  }
}
