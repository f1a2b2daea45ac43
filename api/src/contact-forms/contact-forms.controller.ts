import { Controller, HttpCode, NotFoundException, Post, Req } from '@nestjs/common';
import { contactSchema, type ContactRequest } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import { ForPage, Public } from '../auth/access.decorators.js';
import { SchemaBody } from '../common/schema-body.js';
import { ContactFormsService } from './contact-forms.service.js';
import { contactIdSchema } from './dto/contact.dto.js';

@Controller('contact-forms')
export class ContactFormsController {
  constructor(private readonly contacts: ContactFormsService) {}

  @Public()
  @Post()
  @HttpCode(201)
  submit(@Req() request: Request, @SchemaBody(contactSchema) contact: ContactRequest) {
    return this.contacts.submit(contact, request.ip);
  }

  /** A contact request for the back office, as a one-item list. */
  @ForPage('/admin/demandes-de-contact/[id]')
  @Post('get')
  @HttpCode(200)
  async get(@SchemaBody(contactIdSchema) { id }: { id: number }) {
    const contact = await this.contacts.find(id);
    if (!contact) throw new NotFoundException();
    return { data: [contact] };
  }
}
