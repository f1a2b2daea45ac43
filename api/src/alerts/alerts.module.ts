import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ResidencesModule } from '../residences/residences.module.js';
import { AlertsController } from './alerts.controller.js';
import { AlertsService } from './alerts.service.js';
import { AlertHome } from './entities/alert-home.entity.js';
import { Alert } from './entities/alert.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Alert, AlertHome]), ResidencesModule],
  controllers: [AlertsController],
  providers: [AlertsService],
  exports: [AlertsService],
})
export class AlertsModule {}
