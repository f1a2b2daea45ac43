import { Module } from '@nestjs/common';
import { ResidencesModule } from '../residences/residences.module.js';
import { StatsController } from './stats.controller.js';
import { StatsService } from './stats.service.js';

@Module({ imports: [ResidencesModule], controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
