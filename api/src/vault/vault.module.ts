import { Module } from '@nestjs/common';
import { VaultService } from './vault.service.js';
import { FilePool } from './file-pool.js';

/** The private document vault; its queue processors register when it starts, in the API and in workers alike. */
@Module({ providers: [VaultService, FilePool], exports: [VaultService, FilePool] })
export class VaultModule {}
