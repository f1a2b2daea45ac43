import { Controller, Get, NotFoundException, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, type ImageWidth } from '@hsa-lli/common/domain';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { ImagesService } from './images.service.js';

@Public()
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** A picture at one of the site's widths (`?w=500|1000|1500|2000|3000`, 1000 by default), in WebP. */
  @Get(':id')
  async file(@Param('id', ParseIntPipe) id: number, @Query('w') requested: string | undefined, @Res() response: Response) {
    const width = requested === undefined ? DEFAULT_IMAGE_WIDTH : (Number(requested) as ImageWidth);
    if (!IMAGE_WIDTHS.includes(width)) throw new NotFoundException();
    const file = await this.images.rendition(id, width);
    if (!file) throw new NotFoundException();
    // An image id never points at other content: a replaced picture gets a new id.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.type('image/webp').sendFile(file);
  }
}
