import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EquipmentsModule } from '../equipments/equipments.module.js';
import { ImagesModule } from '../images/images.module.js';
import { ResidencesModule } from '../residences/residences.module.js';
import { Good } from './entities/good.entity.js';
import { GoodsController } from './goods.controller.js';
import { GoodsService } from './goods.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Good]), ResidencesModule, EquipmentsModule, ImagesModule],
  controllers: [GoodsController],
  providers: [GoodsService],
  exports: [GoodsService],
})
export class GoodsModule {}
