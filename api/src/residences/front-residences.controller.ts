import { Body, Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { OptionalIdDto, ResidenceListDto, SlugDto } from './dto/residences.dto.js';
import { ResidencesService } from './residences.service.js';

/** Calls of the public site: only published residences and enabled goods are ever answered. */
@Public()
@Controller()
export class FrontResidencesController {
  constructor(private readonly residences: ResidencesService) {}

  @Post('front/residences/list')
  @HttpCode(200)
  async list(@Body() filters: ResidenceListDto) {
    return { data: await this.residences.listPublished(filters) };
  }

  @Post('front/residences/details')
  @HttpCode(200)
  async details(@Body() { slug }: SlugDto) {
    const residence = await this.residences.detailsBySlug(slug);
    if (!residence) throw new NotFoundException();
    return { residence };
  }

  @Post('residences/get-options')
  @HttpCode(200)
  async options(@Body() { id }: OptionalIdDto) {
    return { residences_options: await this.residences.options(id) };
  }
}
