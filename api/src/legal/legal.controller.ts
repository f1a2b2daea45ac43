import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { sendFile } from '../http/file-answers.js';
import { LegalService } from './legal.service.js';

@Public()
@Controller('legal')
export class LegalController {
  constructor(private readonly legal: LegalService) {}

  /** `/api/legal/<name>.pdf`: the terms of use and the personal-data notice. */
  @Get(':name')
  async pdf(@Param('name') name: string, @Res() response: Response) {
    const rendering = this.legal.pdf(name);
    if (!rendering) throw new NotFoundException();
    const file = { content: await rendering, contentType: 'application/pdf', fileName: name };
    sendFile(response, file, { disposition: 'inline', plainName: true, cache: 'public, max-age=86400' });
  }
}
