import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import {
  isStatisticKey,
  PERIOD_ORDER_WRONG,
  resolvePeriod,
  statistic,
  STATISTIC_KEYS,
  statsQuerySchema,
  type StatsQuery,
  type StatisticPeriod,
} from '@hsa-lli/common/back-office';
import { ForPage } from '../auth/access.decorators.js';
import { FieldsError } from '../http/api-errors.js';
import { SchemaPipe } from '../http/schema-body.js';
import { StatsService } from './stats.service.js';

/** The period asked for in whole months, the current twelve by default; a start after the end is a 400. */
function periodOf(query: StatsQuery): StatisticPeriod {
  const period = resolvePeriod(query, new Date());
  if (period.from > period.to) throw new FieldsError({ from: PERIOD_ORDER_WRONG });
  return period;
}

@ForPage('/admin/accueil')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  /** Every statistic over one period, for the dashboard. */
  @Get()
  async list(@Query(new SchemaPipe(statsQuerySchema)) query: StatsQuery) {
    if (query.by) throw new FieldsError({ by: 'Le détail par mois se demande pour une statistique à la fois.' });
    return { data: await this.stats.read(STATISTIC_KEYS, periodOf(query)) };
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

  /** The spec's `GET /stats/<path>`: `{ key, value, period, computed_at }`. */
  @Get(':group/:name')
  async findOne(@Param('group') group: string, @Param('name') name: string, @Query(new SchemaPipe(statsQuerySchema)) query: StatsQuery) {
    const key = `${group}/${name}`;
    if (!isStatisticKey(key)) throw new NotFoundException();
    if (query.by && statistic(key).kind === 'breakdown') {
      throw new FieldsError({ by: 'Cette statistique se lit par libellé : elle n’a pas de détail par mois.' });
    }
    const [answer] = await this.stats.read([key], periodOf(query), query.by === 'month');
    return answer;
  }
}
