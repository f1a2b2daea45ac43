import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity.js';
import { UsersController } from './users.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([User])], controllers: [UsersController] })
export class UsersModule {}
