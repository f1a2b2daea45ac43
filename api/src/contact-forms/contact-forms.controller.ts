import { Body, Controller, HttpCode, NotFoundException, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ForPage, Public } from '../auth/access.decorators.js';
import { ContactFormsService } from './contact-forms.service.js';
import { ContactDto, ContactIdDto } from './dto/contact.dto.js';

@Controller('contact-forms')
export class ContactFormsController {
  constructor(private readonly contacts: ContactFormsService) {}

  @Public()
  @Post()
  @HttpCode(201)
  submit(@Req() request: Request, @Body() dto: ContactDto) {
    return this.contacts.submit(dto, request.ip);
  }

  /** A contact request for the back office, as a one-item list. */
  @ForPage('/admin/demandes-de-contact/[id]')
  @Post('get')
  @HttpCode(200)
  async get(@Body() { id }: ContactIdDto) {
    const contact = await this.contacts.find(id);
    if (!contact) throw new NotFoundException();
    return { data: [contact] };
  }
}
