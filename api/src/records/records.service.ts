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
}
