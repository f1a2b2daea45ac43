import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RecordsModule } from '../records/records.module.js';
import { UsersModule } from '../users/users.module.js';
import { ContactFormsController } from './contact-forms.controller.js';
import { ContactFormsService } from './contact-forms.service.js';
import { ContactForm } from './entities/contact-form.entity.js';
import { ContactReply } from './entities/contact-reply.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactForm, ContactReply]), UsersModule, RecordsModule],
  controllers: [ContactFormsController],
  providers: [ContactFormsService],
  exports: [ContactFormsService],
})
export class ContactFormsModule {}
