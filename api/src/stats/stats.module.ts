import { Module } from '@nestjs/common';
import { ContactFormsModule } from '../contact-forms/contact-forms.module.js';
import { RecordsModule } from '../records/records.module.js';
import { ResidencesModule } from '../residences/residences.module.js';
import { StatsController } from './stats.controller.js';
import { StatsService } from './stats.service.js';

@Module({ imports: [ResidencesModule, RecordsModule, ContactFormsModule], controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
