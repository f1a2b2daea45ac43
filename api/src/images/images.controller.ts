import { Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, TOO_MANY_IMAGES, UPLOAD_REFUSED, imageTooLarge } from '@hsa-lli/common/back-office';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, UNEXPECTED_FIELD, type ImageView, type ImageWidth } from '@hsa-lli/common/domain';
import type { Request, Response } from 'express';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { found } from '../http/api-errors.js';
import { SchemaBody } from '../http/schema-body.js';
import { PublicReadCache } from '../public-reads/public-read-cache.js';
import { PUBLIC_PICTURE, pictureKey, sendPicture } from '../public-reads/public-reads.middleware.js';
import { UploadErrorsInterceptor } from '../http/upload-errors.interceptor.js';
import {
  imageIdSchema,
  imageReorderSchema,
  imageUpdateSchema,
  imageUploadSchema,
  type ImageReorderRequest,
  type ImageTarget,
  type ImageUpdateRequest,
} from './dto/images.dto.js';
import { CATALOGUE_PAGE, ImagesService, type UploadedFile } from './images.service.js';

/** multer's refusals of pictures, naming the file; a file under another field is told so on that field. */
const IMAGE_REFUSALS = new UploadErrorsInterceptor({
  field: 'files',
  error: UPLOAD_REFUSED,
  messages: { LIMIT_FILE_SIZE: imageTooLarge, LIMIT_UNEXPECTED_FILE: TOO_MANY_IMAGES },
  otherField: UNEXPECTED_FIELD,
});


@Controller('images')
export class ImagesController {
  constructor(
    private readonly images: ImagesService,
    private readonly publicReads: PublicReadCache,
  ) {}

  /**
   * A picture at one of the site's widths (`?w=500|1000|1500|2000|3000`, 1000 by default), in WebP.
   * Pictures of what visitors cannot see (an unpublished residence, a disabled good) are shown to the
   * staff who manage the catalogue only.
   */
  @Public()
  @Get(':id')
  async file(@Param('id', ParseIntPipe) id: number, @Query('w') requested: string | undefined, @Req() request: Request, @Res() response: Response) {
    const width = requested === undefined ? DEFAULT_IMAGE_WIDTH : (Number(requested) as ImageWidth);
    if (!IMAGE_WIDTHS.includes(width)) throw new NotFoundException();
    const generation = this.publicReads.generation;
    const file = found(await this.images.fileFor(id, width, request.user as SessionUser | undefined));
    // A picture any visitor may see is kept in memory, and answered from there before sessions and the database
    // (PublicReadCache); a picture not yet public stays out of shared caches.
    const kept = file.visible ? await this.publicReads.keepPicture(pictureKey(id, requested), generation, file.path) : null;
    if (kept) return sendPicture(request, response, kept);
    response.setHeader('Cache-Control', file.visible ? PUBLIC_PICTURE : 'private, no-store');
    response.type('image/webp').sendFile(file.path);
  }

  /**
   * Adds photos (or plans, for a good) after the existing ones: multipart, `owner`, `owner_id`, `kind` and 1 to 20
   * files under `files`, each streamed to disk. Answers the owner's pictures of that kind, in order.
   */
  @ForPage(CATALOGUE_PAGE)
  @Post('upload')
  @HttpCode(201)
  @UseInterceptors(IMAGE_REFUSALS, FilesInterceptor('files', IMAGE_MAX_FILES, { limits: { fileSize: IMAGE_MAX_BYTES, fields: 10 } }))
  async upload(
    @SchemaBody(imageUploadSchema) target: ImageTarget,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Actor() actor: SessionUser,
  ): Promise<{ data: ImageView[] }> {
    return { data: found(await this.images.upload(target, files ?? [], actor)) };
  }

  @ForPage(CATALOGUE_PAGE)
  @Post('update')
  @HttpCode(200)
  async update(@SchemaBody(imageUpdateSchema) change: ImageUpdateRequest, @Actor() actor: SessionUser): Promise<{ image: ImageView }> {
    return { image: found(await this.images.updateAlt(change, actor)) };
  }

  @ForPage(CATALOGUE_PAGE)
  @Post('reorder')
  @HttpCode(200)
  async reorder(@SchemaBody(imageReorderSchema) order: ImageReorderRequest, @Actor() actor: SessionUser): Promise<{ data: ImageView[] }> {
    return { data: found(await this.images.reorder(order, actor)) };
  }

  @ForPage(CATALOGUE_PAGE)
  @Post('delete')
  @HttpCode(200)
  async delete(@SchemaBody(imageIdSchema) { id }: { id: number }, @Actor() actor: SessionUser): Promise<{ data: ImageView[] }> {
    return { data: found(await this.images.delete(id, actor)) };
  }
}
