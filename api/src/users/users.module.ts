import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../auth/sessions/sessions.module.js';
import { RecordsModule } from '../records/records.module.js';
import { CredentialsController } from './credentials.controller.js';
import { CredentialsService } from './credentials.service.js';
import { RecordInvitationController } from './record-invitation.controller.js';
import { User } from './entities/user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User]), SessionsModule, RecordsModule],
  controllers: [UsersController, CredentialsController, RecordInvitationController],
  providers: [UsersService, CredentialsService],
  exports: [UsersService, CredentialsService],
})
export class UsersModule {}
