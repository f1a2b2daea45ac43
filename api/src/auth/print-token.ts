import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { sessionSecret } from './sessions/session-setup.js';

/** The header the print browser sends its credential in, on every request of its one page. */
export const PRINT_TOKEN_HEADER = 'x-print-token';

/** Long enough to open one page and read its data; a token found in a log later opens nothing. */
export const PRINT_TOKEN_MS = 60_000;

/** What a print credential allows: reading the data of one page of the catalogue, for one id. */
export interface PrintGrant {
  page: string;
  id: number;
}

declare module 'express' {
  interface Request {
    /** Set by the access guard when a print credential opened this request (and no session did). */
    printGrant?: PrintGrant;
  }
}

/**
 * The print job's own credential, never a staff session: an HMAC-signed token naming one page and one id, valid a
 * minute. The access guard accepts it only on the data call of that page (`@PrintData()`), for that id; the page list
 * of the shell gets that one page more. Signed with a key derived from the session secret, shared by the API and its
 * workers (SESSION_SECRET, or the one kept in DATA_DIR).
 */
@Injectable()
export class PrintTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', sessionSecret(config)).update('hsa-lli print token v1').digest();
  }

  sign(grant: PrintGrant, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify({ page: grant.page, id: grant.id, exp: now + PRINT_TOKEN_MS })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant of a well-signed, unexpired token; null for anything else. */
  verify(token: string | undefined, now = Date.now()): PrintGrant | null {
    if (!token || token.length > 400) return null;
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { page, id, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { page: unknown; id: unknown; exp: unknown };
      if (typeof page !== 'string' || !Number.isSafeInteger(id) || typeof exp !== 'number' || exp < now) return null;
      return { page, id: id as number };
    } catch {
      return null;
    }
  }

  fromRequest(request: Request): PrintGrant | null {
    const header = request.headers[PRINT_TOKEN_HEADER];
    return this.verify(Array.isArray(header) ? undefined : header);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
