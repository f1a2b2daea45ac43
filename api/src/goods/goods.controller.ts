import { Controller, HttpCode, NotFoundException, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ForPage, Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../common/schema-body.js';
import { goodIdSchema } from './dto/good-id.dto.js';
import { GoodsService, isPublic } from './goods.service.js';

@Controller()
export class GoodsController {
  constructor(private readonly goods: GoodsService) {}

  /** A good as visitors see it: enabled, in a published residence; anything else is 404. */
  @Public()
  @Post('front/goods/details')
  @HttpCode(200)
  async details(@SchemaBody(goodIdSchema) { id }: { id: number }) {
    const good = await this.goods.find(id);
    if (!good || !isPublic(good)) throw new NotFoundException();
    return { good: this.goods.toView(good) };
  }

  /** The good behind the executive note (/PDF/note-de-direction/<id>), whatever its state. */
  @ForPage('/PDF/note-de-direction/[id]')
  @Post('goods/:id/PDF/executive')
  @HttpCode(200)
  async executive(@Param('id', ParseIntPipe) id: number) {
    const good = await this.goods.find(id);
    if (!good) throw new NotFoundException();
    return { good: this.goods.toView(good) };
  }
}
