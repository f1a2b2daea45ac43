import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { HealthService } from './health.service.js';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when the database and the queues answer, else 503 with the part that does not. */
  @Get()
  async check(@Res({ passthrough: true }) response: Response) {
    const report = await this.health.report();
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
