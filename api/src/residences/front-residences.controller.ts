import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { ResidencesService } from './residences.service.js';

/** Calls of the public site. */
@Public()
@Controller('front/residences')
export class FrontResidencesController {
  constructor(private readonly residences: ResidencesService) {}

  @Get()
  async list() {
    return { data: await this.residences.listPublished() };
  }
}
