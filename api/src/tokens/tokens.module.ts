import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Token } from './entities/token.entity.js';
import { TokensController } from './tokens.controller.js';
import { SignedLinks } from './signed-links.js';
import { TokensService } from './tokens.service.js';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([Token])], controllers: [TokensController], providers: [TokensService, SignedLinks], exports: [TokensService, SignedLinks] })
export class TokensModule {}
