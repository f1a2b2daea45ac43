import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactFormsController } from './contact-forms.controller.js';
import { ContactFormsService } from './contact-forms.service.js';
import { ContactForm } from './entities/contact-form.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactForm])],
  controllers: [ContactFormsController],
  providers: [ContactFormsService],
  exports: [ContactFormsService],
})
export class ContactFormsModule {}
