import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { CommitteeModule } from '../committee/committee.module.js';
import { FollowUpModule } from '../follow-up/follow-up.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { VersionModule } from '../version/version.module.js';
import { PrintingController } from './printing.controller.js';
import { PrintingListener } from './printing.listener.js';
import { PdfPrinter } from './printing.processor.js';
import { PrintingService } from './printing.service.js';

/** The printable PDFs: their pages' data, their files and the print job. */
@Module({
  imports: [AuditModule, AuthModule, CommitteeModule, FollowUpModule, GoodsModule, RecordsModule, VersionModule],
  controllers: [PrintingController],
  providers: [PrintingService, PdfPrinter, PrintingListener],
  exports: [PrintingService, PdfPrinter],
})
export class PrintingModule {}
