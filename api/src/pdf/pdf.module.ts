import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { VersionModule } from '../version/version.module.js';
import { PdfController } from './pdf.controller.js';
import { PdfPrinter } from './pdf.processor.js';
import { PdfService } from './pdf.service.js';

@Module({
  imports: [AuditModule, AuthModule, GoodsModule, RecordsModule, VersionModule],
  controllers: [PdfController],
  providers: [PdfService, PdfPrinter],
  exports: [PdfService, PdfPrinter],
})
export class PdfModule {}
