import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Equipment } from './entities/equipment.entity.js';
import { EquipmentsController } from './equipments.controller.js';
import { EquipmentsService } from './equipments.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Equipment])], controllers: [EquipmentsController], providers: [EquipmentsService], exports: [EquipmentsService] })
export class EquipmentsModule {}
