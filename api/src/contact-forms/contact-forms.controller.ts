import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { contactFormListSchema, contactReplySchema, idRequestSchema, type ContactReplyRequest, type IdRequest } from '@hsa-lli/common/back-office';
import { contactSchema, type ContactRequest } from '@hsa-lli/common/domain';
import type { Request } from 'express';
import type { z } from 'zod/mini';
import { Actor, ForPage, Public } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { ContactFormsService } from './contact-forms.service.js';
import { contactIdSchema } from './dto/contact.dto.js';

const PAGE = '/admin/demandes-de-contact/[id]';

@Controller('contact-forms')
export class ContactFormsController {
  constructor(private readonly contacts: ContactFormsService) {}

  @Public()
  @Post()
  @HttpCode(201)
  submit(@Req() request: Request, @SchemaBody(contactSchema) contact: ContactRequest) {
    return this.contacts.submit(contact, request.ip);
  }

  /** A contact request for the back office, as a one-item list (the spec's call); reading it marks it read. */
  @ForPage(PAGE)
  @Post('get')
  @HttpCode(200)
  async get(@SchemaBody(contactIdSchema) { id }: { id: number }, @Actor() actor: SessionUser) {
    return { data: [await this.contacts.find(id, actor)] };
  }

  @ForPage('/admin/demandes-de-contact')
  @Post('list')
  @HttpCode(200)
  list(@SchemaBody(contactFormListSchema) request: z.output<typeof contactFormListSchema>) {
    return this.contacts.list(request);
  }

  @ForPage(PAGE)
  @Post('get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.contacts.getOne(id, actor);
  }

  @ForPage(PAGE)
  @Post('reply')
  @HttpCode(200)
  reply(@SchemaBody(contactReplySchema) reply: ContactReplyRequest, @Actor() actor: SessionUser) {
    return this.contacts.reply(reply, actor);
  }

  @ForPage(PAGE)
  @Post('complete')
  @HttpCode(200)
  complete(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.contacts.complete(id, actor);
  }

  @ForPage(PAGE)
  @Post('reopen')
  @HttpCode(200)
  reopen(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.contacts.reopen(id, actor);
  }

  /** Opens the requester's file and invites them to their customer account, in one step. */
  @ForPage(PAGE)
  @Post('convert')
  @HttpCode(200)
  convert(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.contacts.convert(id, actor);
  }
}
