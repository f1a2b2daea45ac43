import { Controller, Get, NotFoundException, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, type ImageWidth } from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { mayUse } from '../auth/access-rules.js';
import type { SessionUser } from '../auth/session-user.js';

/** The page of the staff who manage residences and goods: they see every picture. */
const CATALOGUE_PAGE = '/admin/liste-des-residences/[id]';
import { ImagesService, isPublicImage } from './images.service.js';

@Public()
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** A picture at one of the site's widths (`?w=500|1000|1500|2000|3000`, 1000 by default), in WebP. */
  /**
   * A picture at one of the site's widths (`?w=500|1000|1500|2000|3000`, 1000 by default), in WebP.
   * Pictures of what visitors cannot see (an unpublished residence, a disabled good) are shown to the
   * staff who manage the catalogue only.
   */
  @Get(':id')
  async file(@Param('id', ParseIntPipe) id: number, @Query('w') requested: string | undefined, @Req() request: Request, @Res() response: Response) {
    const width = requested === undefined ? DEFAULT_IMAGE_WIDTH : (Number(requested) as ImageWidth);
    if (!IMAGE_WIDTHS.includes(width)) throw new NotFoundException();
    const image = await this.images.find(id);
    if (!image) throw new NotFoundException();
    const visible = isPublicImage(image);
    const user = request.user as SessionUser | undefined;
    if (!visible && !(user && mayUse(user.roles, CATALOGUE_PAGE))) throw new NotFoundException();
    const file = await this.images.rendition(image, width);
    // An image id never points at other content (a replaced picture gets a new id); a picture not yet
    // public stays out of shared caches.
    response.setHeader('Cache-Control', visible ? 'public, max-age=31536000, immutable' : 'private, no-store');
    response.type('image/webp').sendFile(file);
  }
}
