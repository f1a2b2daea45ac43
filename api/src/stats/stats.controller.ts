import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ForPage } from '../auth/access.decorators.js';
import { StatsService } from './stats.service.js';

@ForPage('/admin/accueil')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  async list() {
    return { data: await this.stats.list() };
  }

  /** Queues a new computation; the answer names the job to follow. */
  @Post('refresh')
  @HttpCode(202)
  async refresh() {
    return { job: await this.stats.requestRefresh() };
  }

  @Get('refresh/:jobId')
  async refreshJob(@Param('jobId') jobId: string) {
    const job = await this.stats.findRefresh(jobId);
    if (!job) throw new NotFoundException();
    return { job };
  }

  @Get(':group/:name')
  async findOne(@Param('group') group: string, @Param('name') name: string) {
    const statistic = await this.stats.findOne(`${group}/${name}`);
    if (!statistic) throw new NotFoundException();
    return statistic;
  }
}
