import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Change } from './entities/change.entity.js';
import { HistoryService } from './history.service.js';

/** The change history: every feature staff manage records into it and shows it. */
@Global()
@Module({ imports: [TypeOrmModule.forFeature([Change])], providers: [HistoryService], exports: [HistoryService] })
export class HistoryModule {}
