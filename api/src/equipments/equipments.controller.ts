import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EQUIPMENT_TYPES, type EquipmentType } from '@hsa-lli/common/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, ValidateNested } from 'class-validator';
import type { Repository } from 'typeorm';
import { Public } from '../auth/access.decorators.js';
import { Equipment } from './entities/equipment.entity.js';
import { toEquipmentView } from './equipment-view.js';

class EquipmentFilters {
  @IsOptional()
  @IsIn(EQUIPMENT_TYPES, { message: "Le type d'équipement est inconnu." })
  type?: EquipmentType;
}

class EquipmentListDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => EquipmentFilters)
  filters?: EquipmentFilters;

  @IsOptional()
  @IsInt({ message: "L'identifiant doit être un nombre entier." })
  id?: number;
}

@Controller('equipments')
export class EquipmentsController {
  constructor(@InjectRepository(Equipment) private readonly equipments: Repository<Equipment>) {}

  /** Filters with a type, or one id, or nothing for all of them. */
  @Public()
  @Post('list')
  @HttpCode(200)
  async list(@Body() dto: EquipmentListDto) {
    const where = dto.id !== undefined ? { id: dto.id } : dto.filters?.type ? { type: dto.filters.type } : {};
    const equipments = await this.equipments.find({ where, order: { name: 'ASC' } });
    return { data: equipments.map(toEquipmentView) };
  }
}
