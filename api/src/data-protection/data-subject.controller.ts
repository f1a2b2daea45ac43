import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { eraseMeSchema, type EraseMeAnswer, type EraseMeRequest } from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import { Actor, ForPage } from '../auth/access.decorators.js';
import { SESSION_COOKIE } from '../auth/sessions/session-setup.js';
import type { SessionUser } from '../auth/session-user.js';
import { sendFileOrJob } from '../http/file-answers.js';
import { SchemaBody } from '../http/schema-body.js';
import { DataSubjectService } from './data-subject.service.js';

/** Where a person exercises their rights on their own data: « Mes identifiants ». */
const PAGE = '/mes-identifiants';

/** The data subject's own export and erasure (articles 15, 17 and 20 of the GDPR). */
@Controller()
export class DataSubjectController {
  constructor(private readonly subjects: DataSubjectService) {}

  /** Queues the ZIP of everything held about the caller; the answer names the job to follow. */
  @ForPage(PAGE)
  @Post('records/export-mine')
  @HttpCode(202)
  async exportMine(@Actor() caller: SessionUser) {
    const { id } = await this.subjects.startExport(caller);
    return { job: { id } };
  }

  /** 202 with the job while it runs, then the ZIP, to its owner only, for as long as it is kept. */
  @ForPage(PAGE)
  @Get('records/export-mine/:job')
  async downloadMine(@Param('job') id: string, @Actor() caller: SessionUser, @Res() response: Response): Promise<void> {
    sendFileOrJob(response, await this.subjects.exportFile(id, caller), { disposition: 'attachment', plainName: true });
  }

  /** Erases the caller's account and file once their password confirms it; their sessions end, this one included. */
  @ForPage(PAGE)
  @Post('users/erase-me')
  @HttpCode(200)
  async eraseMe(@SchemaBody(eraseMeSchema) { password }: EraseMeRequest, @Actor() caller: SessionUser, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<EraseMeAnswer> {
    const answer = await this.subjects.eraseMe(caller, password);
    await new Promise<void>((resolve) => request.session.destroy(() => resolve()));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    return answer;
  }
}
