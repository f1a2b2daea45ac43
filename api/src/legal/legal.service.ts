import { Injectable } from '@nestjs/common';
import { LEGAL_PDFS, type LegalDocument } from '@hsa-lli/common/domain';
import { renderLegalPdf } from './legal-pdf.js';

/** The two PDF documents linked from the site (terms of use, personal-data notice), made once from the same texts as its pages. */
@Injectable()
export class LegalService {
  private readonly cache = new Map<string, Promise<Buffer>>();

  /** The PDF of that file name, or null; only the documents' own names count (`constructor` names none). */
  pdf(name: string): Promise<Buffer> | null {
    if (!Object.hasOwn(LEGAL_PDFS, name)) return null;
    let rendering = this.cache.get(name);
    if (!rendering) {
      rendering = renderLegalPdf((LEGAL_PDFS as Record<string, LegalDocument>)[name]!);
      this.cache.set(name, rendering);
    }
    return rendering;
  }
}
