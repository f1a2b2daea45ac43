import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Commune } from './entities/commune.entity.js';
import { ReferenceController } from './reference.controller.js';
import { ReferenceService } from './reference.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Commune])], controllers: [ReferenceController], providers: [ReferenceService] })
export class ReferenceModule {}
