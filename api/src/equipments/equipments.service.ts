import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EquipmentView } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import type { EquipmentListDto } from './dto/equipment-list.dto.js';
import { Equipment } from './entities/equipment.entity.js';
import { toEquipmentView } from './equipment-view.js';

@Injectable()
export class EquipmentsService {
  constructor(@InjectRepository(Equipment) private readonly equipments: Repository<Equipment>) {}

  async list(dto: EquipmentListDto): Promise<EquipmentView[]> {
    const where = dto.id !== undefined ? { id: dto.id } : dto.filters?.type ? { type: dto.filters.type } : {};
    const equipments = await this.equipments.find({ where, order: { name: 'ASC' } });
    return equipments.map(toEquipmentView);
  }
}
