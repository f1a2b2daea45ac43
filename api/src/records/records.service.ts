import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Record } from './entities/record.entity.js';

/** Application files (records): the customer space and the back office build on this service. */
@Injectable()
export class RecordsService {
  constructor(@InjectRepository(Record) private readonly records: Repository<Record>) {}

  count(): Promise<number> {
    return this.records.count();
  }

  /** How many files name this residence, this good or this account: what they name is never deleted under them. */
  countReferring(to: { residence: number } | { good: number } | { user: number }): Promise<number> {
    const [relation, id] = Object.entries(to)[0] as [keyof typeof to, number];
    return this.records.countBy({ [relation]: { id } });
  }
}
