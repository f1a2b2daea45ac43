import { Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../common/schema-body.js';
import { equipmentListSchema, type EquipmentListRequest } from './dto/equipment-list.dto.js';
import { EquipmentsService } from './equipments.service.js';

@Controller('equipments')
export class EquipmentsController {
  constructor(private readonly equipments: EquipmentsService) {}

  @Public()
  @Post('list')
  @HttpCode(200)
  async list(@SchemaBody(equipmentListSchema) request: EquipmentListRequest) {
    return { data: await this.equipments.list(request) };
  }
}
