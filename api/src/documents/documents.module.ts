import { Module } from '@nestjs/common';
import { DocumentsService } from './documents.service.js';

/** The private document vault; its queue processors register when it starts, in the API and in workers alike. */
@Module({ providers: [DocumentsService], exports: [DocumentsService] })
export class DocumentsModule {}
