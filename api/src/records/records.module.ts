import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Record } from './entities/record.entity.js';
import { RecordsService } from './records.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Record])], providers: [RecordsService], exports: [RecordsService] })
export class RecordsModule {}
