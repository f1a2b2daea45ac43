import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  idRequestSchema,
  residenceAdminListSchema,
  residenceSchema,
  residenceUpdateSchema,
  type IdRequest,
  type ResidenceRequest,
  type ResidenceUpdateRequest,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { ResidencesAdminService } from './residences-admin.service.js';

/** The back office's calls on residences (admin and hsa). */
@Controller('residences')
export class ResidencesController {
  constructor(private readonly residences: ResidencesAdminService) {}

  @ForPage('/admin/liste-des-residences')
  @Post('list')
  @HttpCode(200)
  list(@SchemaBody(residenceAdminListSchema) request: z.output<typeof residenceAdminListSchema>) {
    return this.residences.list(request);
  }

  /** The spec's call: `{ id }` → `{ residence }`, with its history beside it. */
  @ForPage('/admin/liste-des-residences/[id]')
  @Post('get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.residences.getOne(id);
  }

  @ForPage('/admin/liste-des-residences/nouvelle')
  @Post('create')
  @HttpCode(201)
  create(@SchemaBody(residenceSchema) fields: ResidenceRequest, @Actor() actor: SessionUser) {
    return this.residences.create(fields, actor);
  }

  @ForPage('/admin/liste-des-residences/[id]')
  @Post('update')
  @HttpCode(200)
  update(@SchemaBody(residenceUpdateSchema) fields: ResidenceUpdateRequest, @Actor() actor: SessionUser) {
    return this.residences.update(fields, actor);
  }

  @ForPage('/admin/liste-des-residences/[id]')
  @Post('delete')
  @HttpCode(200)
  delete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.residences.delete(id, actor);
  }
}
