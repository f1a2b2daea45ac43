import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Token } from './entities/token.entity.js';
import { TokensController } from './tokens.controller.js';
import { TokensService } from './tokens.service.js';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([Token])], controllers: [TokensController], providers: [TokensService], exports: [TokensService] })
export class TokensModule {}
