import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CityView } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import { toCityView } from './commune-view.js';
import { Commune } from './entities/commune.entity.js';

@Injectable()
export class ReferenceService {
  constructor(@InjectRepository(Commune) private readonly communes: Repository<Commune>) {}

  /** The communes served, by name. */
  async cities(): Promise<CityView[]> {
    return (await this.communes.find({ order: { name: 'ASC' } })).map(toCityView);
  }
}
