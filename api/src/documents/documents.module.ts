import { Module } from '@nestjs/common';
import { DocumentsService } from './documents.service.js';
import { FilePool } from './file-pool.js';

/** The private document vault; its queue processors register when it starts, in the API and in workers alike. */
@Module({ providers: [DocumentsService, FilePool], exports: [DocumentsService, FilePool] })
export class DocumentsModule {}
