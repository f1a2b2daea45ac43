import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Image } from './entities/image.entity.js';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Image])], controllers: [ImagesController], providers: [ImagesService] })
export class ImagesModule {}
