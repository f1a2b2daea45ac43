import { Controller, Get } from '@nestjs/common';
import { ResidencesService } from './residences.service.js';

/** Calls of the public site. */
@Controller('front/residences')
export class FrontResidencesController {
  constructor(private readonly residences: ResidencesService) {}

  @Get()
  async list() {
    return { data: await this.residences.listPublished() };
  }
}
