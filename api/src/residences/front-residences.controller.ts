import { Controller, HttpCode, NotFoundException, Post, Req } from '@nestjs/common';
import { residenceFiltersSchema, type ResidenceFilters } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { optionalIdSchema, slugSchema } from './dto/residences.dto.js';
import { ResidencesService } from './residences.service.js';

/** Calls of the public site: only published residences and enabled goods are ever answered. */
@Public()
@Controller()
export class FrontResidencesController {
  constructor(private readonly residences: ResidencesService) {}

  @Post('front/residences/list')
  @HttpCode(200)
  async list(@SchemaBody(residenceFiltersSchema) filters: ResidenceFilters) {
    return { data: await this.residences.listPublished(filters) };
  }

  @Post('front/residences/details')
  @HttpCode(200)
  async details(@SchemaBody(slugSchema) { slug }: { slug: string }) {
    const residence = await this.residences.detailsBySlug(slug);
    if (!residence) throw new NotFoundException();
    return { residence };
  }

  /** Visitors choose among the published residences; staff who manage goods or follow files, among all of them. */
  @Post('residences/get-options')
  @HttpCode(200)
  async options(@SchemaBody(optionalIdSchema) { id }: { id?: number }, @Req() request: Request) {
    return { residences_options: await this.residences.optionsFor(id, request.user as SessionUser | undefined) };
  }
}
