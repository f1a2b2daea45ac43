import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  equipmentListSchema,
  equipmentSchema,
  equipmentUpdateSchema,
  idRequestSchema,
  type EquipmentRequest,
  type EquipmentUpdateRequest,
  type IdRequest,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { EquipmentsService } from './equipments.service.js';

@Controller('equipments')
export class EquipmentsController {
  constructor(private readonly equipments: EquipmentsService) {}

  /** The spec's call (`filters.type`, or `id`), with the back office's search, sort and pages. */
  @ForPage('/admin/liste-des-equipements')
  @Post('list')
  @HttpCode(200)
  list(@SchemaBody(equipmentListSchema) request: z.output<typeof equipmentListSchema>) {
    return this.equipments.list(request);
  }

  @ForPage('/admin/liste-des-equipements/[id]')
  @Post('get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.equipments.getOne(id);
  }

  @ForPage('/admin/liste-des-equipements/ajouter')
  @Post('create')
  @HttpCode(201)
  create(@SchemaBody(equipmentSchema) fields: EquipmentRequest, @Actor() actor: SessionUser) {
    return this.equipments.create(fields, actor);
  }

  @ForPage('/admin/liste-des-equipements/[id]')
  @Post('update')
  @HttpCode(200)
  update(@SchemaBody(equipmentUpdateSchema) fields: EquipmentUpdateRequest, @Actor() actor: SessionUser) {
    return this.equipments.update(fields, actor);
  }

  @ForPage('/admin/liste-des-equipements/[id]')
  @Post('delete')
  @HttpCode(200)
  delete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.equipments.delete(id, actor);
  }
}
