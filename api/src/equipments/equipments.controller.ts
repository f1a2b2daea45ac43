import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { EquipmentListDto } from './dto/equipment-list.dto.js';
import { EquipmentsService } from './equipments.service.js';

@Controller('equipments')
export class EquipmentsController {
  constructor(private readonly equipments: EquipmentsService) {}

  @Public()
  @Post('list')
  @HttpCode(200)
  async list(@Body() dto: EquipmentListDto) {
    return { data: await this.equipments.list(dto) };
  }
}
