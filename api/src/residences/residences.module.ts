import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EquipmentsModule } from '../equipments/equipments.module.js';
import { ImagesModule } from '../images/images.module.js';
import { Residence } from './entities/residence.entity.js';
import { FrontResidencesController } from './front-residences.controller.js';
import { ResidencesAdminService } from './residences-admin.service.js';
import { ResidencesController } from './residences.controller.js';
import { ResidencesService } from './residences.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Residence]), EquipmentsModule, ImagesModule],
  controllers: [FrontResidencesController, ResidencesController],
  providers: [ResidencesService, ResidencesAdminService],
  exports: [ResidencesService],
})
export class ResidencesModule {}
