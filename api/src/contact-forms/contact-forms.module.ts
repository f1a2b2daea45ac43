import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactFormsController } from './contact-forms.controller.js';
import { ContactForm } from './entities/contact-form.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([ContactForm])], controllers: [ContactFormsController] })
export class ContactFormsModule {}
