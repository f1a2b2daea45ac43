import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { TokenKind } from '@hsa-lli/common/domain';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { Token } from './entities/token.entity.js';

/** How long each kind of link stays usable. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  registration: 7 * 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
  document_upload: 14 * 24 * 60 * 60_000,
};

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/**
 * Single-use secrets sent by e-mail. The secret itself only ever exists in the e-mail: the database
 * keeps its SHA-256, so a copy of the database opens nothing.
 */
@Injectable()
export class TokensService {
  constructor(@InjectRepository(Token) private readonly tokens: Repository<Token>) {}

  /** Creates a token and returns its secret, to be put in a link. */
  async issue(kind: TokenKind, fields: Partial<Omit<Token, 'id' | 'kind' | 'tokenHash' | 'expiresAt' | 'usedAt' | 'createdAt'>> & { email: string }): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    await this.tokens.save(
      this.tokens.create({ ...fields, kind, tokenHash: hashToken(raw), expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]), usedAt: null }),
    );
    return raw;
  }

  /** The token behind a secret, if it is of that kind, unused and not expired. */
  async findUsable(kind: TokenKind, raw: unknown): Promise<Token | null> {
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(raw)) return null;
    return this.tokens.findOne({
      where: { kind, tokenHash: hashToken(raw), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
  }

  /** Marks the token used, in the caller's transaction; false if another request used it first. */
  async consume(manager: EntityManager, token: Token): Promise<boolean> {
    const result = await manager.update(Token, { id: token.id, usedAt: IsNull() }, { usedAt: new Date() });
    return result.affected === 1;
  }
}
