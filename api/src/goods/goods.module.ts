import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Good } from './entities/good.entity.js';
import { GoodsController } from './goods.controller.js';
import { GoodsService } from './goods.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Good])], controllers: [GoodsController], providers: [GoodsService] })
export class GoodsModule {}
