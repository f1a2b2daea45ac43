import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Residence } from './entities/residence.entity.js';
import { FrontResidencesController } from './front-residences.controller.js';
import { ResidencesService } from './residences.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Residence])],
  controllers: [FrontResidencesController],
  providers: [ResidencesService],
  exports: [ResidencesService],
})
export class ResidencesModule {}
