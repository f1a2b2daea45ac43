import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Commune } from './entities/commune.entity.js';
import { ReferenceController } from './reference.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([Commune])], controllers: [ReferenceController] })
export class ReferenceModule {}
