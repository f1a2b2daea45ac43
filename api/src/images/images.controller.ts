import { Controller, Get, NotFoundException, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { ImagesService } from './images.service.js';

@Public()
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get(':id')
  async file(@Param('id', ParseIntPipe) id: number, @Res() response: Response) {
    const file = await this.images.findFile(id);
    if (!file) throw new NotFoundException();
    // An image id never points at other content: a replaced picture gets a new id.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.type(file.contentType).sendFile(file.path);
  }
}
