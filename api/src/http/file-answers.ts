import { NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';

/** A file as the API answers it: its bytes (or where it lies on disk, streamed as it is read), its type and its name. */
export interface FileToSend {
  content: Buffer | { path: string };
  contentType: string;
  fileName: string;
}

export interface FileAnswerOptions {
  /** `inline`, for the browser to show it; `attachment`, for it to save it. */
  disposition: 'inline' | 'attachment';
  /** `Cache-Control`: nothing keeps it unless said (a public file the same for everybody may be kept). */
  cache?: string;
  /**
   * A name the platform chose, plain ASCII, sent as `filename` alone; any other name goes as an ASCII `filename` for
   * old clients beside the real one as RFC 5987 writes it (`filename*`).
   */
  plainName?: boolean;
  /**
   * Bytes someone sent (an applicant's document): nothing they hold may load or run anything, other sites may not
   * embed them, and no hash of them goes out as an ETag.
   */
  untrusted?: boolean;
}

const NOT_KEPT = 'private, no-store';

/** The ASCII stand-in of a name: accents dropped, then anything outside printable ASCII, quotes and backslashes. */
function asciiName(fileName: string): string {
  return fileName.normalize('NFD').replace(/[^\x20-\x7e]|["\\]/g, '').trim() || 'document';
}

/** `Content-Disposition` (RFC 6266), with the name as RFC 5987 writes it unless it is plain (encodeURIComponent leaves '()* as they are). */
export function contentDisposition(disposition: FileAnswerOptions['disposition'], fileName: string, plainName = false): string {
  const header = `${disposition}; filename="${asciiName(fileName)}"`;
  if (plainName) return header;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${header}; filename*=UTF-8''${encoded}`;
}

/**
 * The one way a route answers a file: its type, its name, how long it may be kept, never sniffed, then its bytes.
 * The route takes `@Res()` and calls this last.
 */
export function sendFile(response: Response, file: FileToSend, options: FileAnswerOptions): void {
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Disposition', contentDisposition(options.disposition, file.fileName, options.plainName));
  response.setHeader('Cache-Control', options.cache ?? NOT_KEPT);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (options.untrusted) {
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    // Nothing a document holds may load or run anything (its PDFs are already written again without scripts); a
    // picture is also sandboxed, which browsers' PDF viewers do not bear.
    const sandbox = file.contentType === 'application/pdf' ? '' : '; sandbox';
    response.setHeader('Content-Security-Policy', `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'${sandbox}`);
  }
  if (!Buffer.isBuffer(file.content)) createReadStream(file.content.path).pipe(response);
  else if (options.untrusted) response.end(file.content);
  else response.send(file.content);
}

/**
 * A file made by a job, for its requester only: 404 when there is none (`null`), 202 `{ job }` while the job runs,
 * then the file. Neither answer is kept.
 */
export function sendFileOrJob(response: Response, outcome: FileToSend | { job: unknown } | null, options: Omit<FileAnswerOptions, 'cache'>): void {
  if (!outcome) throw new NotFoundException();
  if ('job' in outcome) {
    response.setHeader('Cache-Control', NOT_KEPT);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.status(202).json({ job: outcome.job });
    return;
  }
  sendFile(response, outcome, options);
}
