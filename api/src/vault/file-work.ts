/**
 * The work on applicants' files that takes CPU seconds (HEIC decoding, PDF checking and re-writing, rasterising pages
 * for the watermark, encoding pictures), run in a worker thread of `FilePool`: never on an event loop that answers
 * requests or renews a queue's job locks. Each task answers plain data; a refusal comes back as its French reason.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { DocumentRefused } from './messages.js';
import type { PhotoDecoding, PhotoType } from './photos.js';
import type { LegalDocument } from '@hsa-lli/common/domain';

// libvips keeps the images of its recent operations (50 MB and 100 of them): here, each is used once.
sharp.cache(false);

export type FileTask =
  /** Checks an upload of the incoming folder and makes its clean copy. */
  | { task: 'clean-pdf'; path: string; maxPages: number; scratch: string }
  | { task: 'clean-photo'; path: string; type: PhotoType; decoding: PhotoDecoding }
  /** A HEIC/HEIF picture as a JPEG (residences' and goods' photos): the native decoder's wait, or the WASM one's work. */
  | { task: 'heic-to-jpeg'; path: string; decoding: PhotoDecoding }
  /** The watermarked copy of a kept document, for staff. */
  | { task: 'watermark'; bytes: Uint8Array; contentType: string; text: string }
  /** A data subject's export: their file as a readable PDF (laid out from `readable`), the JSON files, their documents. */
  | { task: 'data-export'; readable: LegalDocument; json: { [name: string]: unknown }; files: { name: string; bytes: Uint8Array }[] };

export type FileTaskResult = { refused: string } | { bytes: Uint8Array; contentType: string; pages: number };

async function perform(input: FileTask): Promise<FileTaskResult> {
  switch (input.task) {
    // Each task loads only its own libraries: a thread started for a photo never loads pdf.js.
    case 'clean-pdf': {
      const { cleanPdf } = await import('./pdf-cleaning/index.js');
      const { bytes, pages } = await cleanPdf(await readFile(input.path), { maxPages: input.maxPages, tempDir: input.scratch });
      return { bytes, contentType: 'application/pdf', pages };
    }
    case 'clean-photo': {
      const { cleanPhoto } = await import('./photos.js');
      const { bytes, contentType } = await cleanPhoto(input.path, input.type, input.decoding);
      return { bytes, contentType, pages: 1 };
    }
    case 'heic-to-jpeg': {
      const { heicToJpeg } = await import('./heic.js');
      return { bytes: await heicToJpeg(input.path, input.decoding.heic, input.decoding.scratch), contentType: 'image/jpeg', pages: 1 };
    }
    case 'watermark': {
      const { watermarkPdf, watermarkPhoto } = await import('./watermark.js');
      if (input.contentType === 'application/pdf') return { bytes: await watermarkPdf(input.bytes, input.text), contentType: 'application/pdf', pages: 0 };
      return { bytes: await watermarkPhoto(input.bytes, input.text), contentType: 'image/jpeg', pages: 1 };
    }
    case 'data-export': {
      const [{ renderLegalPdf }, { zipSync, strToU8 }] = await Promise.all([import('../legal/legal-pdf.js'), import('fflate')]);
      // The documents are already compressed (JPEG, PDF): stored as they are; the texts are deflated.
      const entries: { [name: string]: [Uint8Array, { level: 0 | 6 }] } = { 'dossier.pdf': [await renderLegalPdf(input.readable), { level: 6 }] };
      for (const [name, value] of Object.entries(input.json)) entries[name] = [strToU8(`${JSON.stringify(value, null, 2)}\n`), { level: 6 }];
      for (const file of input.files) entries[file.name] = [file.bytes, { level: 0 }];
      return { bytes: zipSync(entries, { mtime: new Date() }), contentType: 'application/zip', pages: 0 };
    }
  }
}

/** The pool's entry (piscina calls the default export). */
export default async function work(input: FileTask): Promise<FileTaskResult> {
  try {
    return await perform(input);
  } catch (error) {
    if (error instanceof DocumentRefused) return { refused: error.message };
    throw error;
  }
}
