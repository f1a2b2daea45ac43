import { Controller, HttpCode, NotFoundException, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ForPage } from '../auth/access.decorators.js';
import { GoodsService } from './goods.service.js';

@Controller('goods')
export class GoodsController {
  constructor(private readonly goods: GoodsService) {}

  /** The good behind the executive note (/PDF/note-de-direction/<id>). */
  @ForPage('/PDF/note-de-direction/[id]')
  @Post(':id/PDF/executive')
  @HttpCode(200)
  async executive(@Param('id', ParseIntPipe) id: number) {
    const good = await this.goods.findOne(id);
    if (!good) throw new NotFoundException();
    return { good };
  }
}
