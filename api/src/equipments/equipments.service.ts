import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EquipmentView } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import type { EquipmentListRequest } from './dto/equipment-list.dto.js';
import { Equipment } from './entities/equipment.entity.js';
import { toEquipmentView } from './equipment-view.js';

@Injectable()
export class EquipmentsService {
  constructor(@InjectRepository(Equipment) private readonly equipments: Repository<Equipment>) {}

  async list({ id, filters }: EquipmentListRequest): Promise<EquipmentView[]> {
    const where = id !== undefined ? { id } : filters?.type ? { type: filters.type } : {};
    const equipments = await this.equipments.find({ where, order: { name: 'ASC' } });
    return equipments.map(toEquipmentView);
  }
}
