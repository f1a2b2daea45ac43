import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '../auth/sessions/session-setup.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** What a signed link stands for: a row, by its kind, id and creation (a row made again under the same id is another). */
export interface SignedRow {
  id: number;
  createdAt: Date;
}

/**
 * The secret of a link that every e-mail about a row may carry, for as long as the row lives (an alert's page, a
 * booked visit's): `<id>_<HMAC-SHA256 of the kind, id and creation>`, with a key derived from the session secret.
 * Nothing of it is stored; a new SESSION_SECRET stops the links already sent. Unlike `TokensService`'s single-use
 * secrets, it cannot be withdrawn alone: deleting the row ends it.
 */
@Injectable()
export class SignedLinks {
  private key: Buffer | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  of(kind: string, row: SignedRow): string {
    return `${row.id}_${this.mac(kind, row)}`;
  }

  /** The id a well-formed link names, before its row is read; null for anything else. */
  idOf(token: string): number | null {
    const match = /^(\d{1,10})_[A-Za-z0-9_-]{43}$/.exec(token);
    return match ? Number(match[1]) : null;
  }

  /** Whether the link is the row's own. */
  matches(kind: string, token: string, row: SignedRow): boolean {
    const expected = Buffer.from(this.of(kind, row));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A text's keyed digest, where a counter or a row must be told apart by a text it must not hold (an address). */
  digest(kind: string, text: string): string {
    return createHmac('sha256', this.secretKey()).update(`${kind}:${text}`).digest('base64url');
  }

  private mac(kind: string, row: SignedRow): string {
    return this.digest(kind, `${row.id}:${row.createdAt.getTime()}`);
  }

  private secretKey(): Buffer {
    this.key ??= createHmac('sha256', sessionSecret(this.config)).update('hsa-lli signed links v1').digest();
    return this.key;
  }
}
