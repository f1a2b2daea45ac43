import { Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import {
  goodListSchema,
  goodSchema,
  goodUpdateSchema,
  idRequestSchema,
  type GoodRequest,
  type GoodUpdateRequest,
  type IdRequest,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { goodIdSchema } from './dto/good-id.dto.js';
import { toGoodView } from './good-view.js';
import { GoodsService } from './goods.service.js';

@Controller()
export class GoodsController {
  constructor(private readonly goods: GoodsService) {}

  /** A good as visitors see it: enabled, in a published residence; anything else is 404. */
  @Public()
  @Post('front/goods/details')
  @HttpCode(200)
  async details(@SchemaBody(goodIdSchema) { id }: { id: number }) {
    const good = await this.goods.findPublic(id);
    if (!good) throw new NotFoundException();
    return { good: toGoodView(good) };
  }

  @ForPage('/admin/liste-des-biens')
  @Post('goods/list')
  @HttpCode(200)
  list(@SchemaBody(goodListSchema) request: z.output<typeof goodListSchema>) {
    return this.goods.list(request);
  }

  /** The spec's call: the good's form, with its classes, its LLI rent ceiling, its residence and its history. */
  @ForPage('/admin/liste-des-biens/[id]')
  @Post('goods/get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest) {
    return this.goods.getOne(id);
  }

  @ForPage('/admin/liste-des-biens/nouveau')
  @Post('goods/create')
  @HttpCode(201)
  create(@SchemaBody(goodSchema) fields: GoodRequest, @Actor() actor: SessionUser) {
    return this.goods.create(fields, actor);
  }

  @ForPage('/admin/liste-des-biens/[id]')
  @Post('goods/update')
  @HttpCode(200)
  update(@SchemaBody(goodUpdateSchema) fields: GoodUpdateRequest, @Actor() actor: SessionUser) {
    return this.goods.update(fields, actor);
  }

  @ForPage('/admin/liste-des-biens/[id]')
  @Post('goods/delete')
  @HttpCode(200)
  delete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.goods.delete(id, actor);
  }
}
