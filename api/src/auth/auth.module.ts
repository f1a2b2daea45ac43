import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { UsersModule } from '../users/users.module.js';
import { UsersService } from '../users/users.service.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService, PASSPORT } from './auth.service.js';
import { PrintTokens } from './print-token.js';
import { createPassport } from './session.serializer.js';
import { SessionsModule } from './sessions/sessions.module.js';

@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    PrintTokens,
    { provide: PASSPORT, inject: [UsersService], useFactory: (users: UsersService) => createPassport(users) },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionsModule, PASSPORT, PrintTokens],
})
export class AuthModule {}
