import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Equipment } from './entities/equipment.entity.js';
import { EquipmentsController } from './equipments.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([Equipment])], controllers: [EquipmentsController] })
export class EquipmentsModule {}
