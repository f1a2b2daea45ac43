import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { JobView, StatisticView } from '@hsa-lli/common/domain';
import { ContactFormsService } from '../contact-forms/contact-forms.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RecordsService } from '../records/records.service.js';
import { ResidencesService } from '../residences/residences.service.js';
import { Statistic } from './entities/statistic.entity.js';

export const REFRESH_JOB = 'refresh';

/**
 * The dashboard's figures. They are computed by a background job (so that a costly figure never
 * slows a page down) and read from the statistics table.
 */
@Injectable()
export class StatsService implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly residences: ResidencesService,
    private readonly records: RecordsService,
    private readonly contacts: ContactFormsService,
  ) {
    jobs.register('statistics', REFRESH_JOB, () => this.compute());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.requestRefresh();
  }

  requestRefresh(): Promise<JobView> {
    return this.jobs.enqueue('statistics', REFRESH_JOB);
  }

  findRefresh(id: string): Promise<JobView | null> {
    return this.jobs.find('statistics', id);
  }

  async compute(): Promise<{ computed_at: string; keys: string[] }> {
    const manager = this.dataSource.manager;
    const [residences, goods, records, contacts] = await Promise.all([
      this.residences.countPublished(),
      // « Logements proposés »: the homes a visitor finds on the site, by the site's own rule.
      this.residences.countHomes(),
      this.records.count(),
      this.contacts.count(),
    ]);
    const values: { [key: string]: number } = {
      'residences/count': residences,
      'goods/count': goods,
      'records/count': records,
      'contact-forms/count': contacts,
    };
    const computedAt = new Date();
    await manager.save(
      Statistic,
      Object.entries(values).map(([key, value]) => ({ key, value, computedAt })),
    );
    return { computed_at: computedAt.toISOString(), keys: Object.keys(values) };
  }

  async list(): Promise<StatisticView[]> {
    const rows = await this.dataSource.manager.find(Statistic, { order: { key: 'ASC' } });
    return rows.map(toView);
  }

  async findOne(key: string): Promise<StatisticView | null> {
    const row = await this.dataSource.manager.findOneBy(Statistic, { key });
    return row ? toView(row) : null;
  }
}

function toView(row: Statistic): StatisticView {
  return { key: row.key, value: row.value, computed_at: new Date(row.computedAt).toISOString() };
}
