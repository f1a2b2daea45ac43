import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { TokenKind } from '@hsa-lli/common/domain';
import { createHash, randomBytes } from 'node:crypto';
import { In, IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { Token } from './entities/token.entity.js';

/** How long each kind of link stays usable. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  registration: 7 * 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
  document_upload: 14 * 24 * 60 * 60_000,
  email_change: 24 * 60 * 60_000,
};

/** Kinds of link of which only the latest sent to an address works. */
const REPLACED_BY_NEWER: readonly TokenKind[] = ['registration', 'password_reset', 'email_change'];

/** A link neither used, withdrawn nor expired. */
const USABLE = () => ({ usedAt: IsNull(), withdrawnAt: IsNull(), expiresAt: MoreThan(new Date()) });

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

  /**
   * Creates a token and returns its secret, to be put in a link. An invitation or a reset link
   * replaces the earlier ones to the same address: only the latest e-mail works.
   */
  async issue(
    kind: TokenKind,
    fields: Partial<Omit<Token, 'id' | 'kind' | 'tokenHash' | 'expiresAt' | 'usedAt' | 'withdrawnAt' | 'createdAt'>> & { email: string },
  ): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    await this.tokens.manager.transaction(async (manager) => {
      if (REPLACED_BY_NEWER.includes(kind)) await this.withdrawPending(kind, fields.email, manager);
      await manager.save(
        manager.create(Token, {
          ...fields,
          kind,
          tokenHash: hashToken(raw),
          expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
          usedAt: null,
          withdrawnAt: null,
        }),
      );
    });
    return raw;
  }

  /** The usable document upload links of an application file, with who made each, newest first. */
  uploadLinksOf(recordId: number): Promise<Token[]> {
    return this.tokens.find({ where: { kind: 'document_upload', record: { id: recordId }, ...USABLE() }, relations: { user: true }, order: { id: 'DESC' } });
  }

  /** The token of a secret just issued, with who made it. */
  async issued(raw: string): Promise<Token> {
    return this.tokens.findOneOrFail({ where: { tokenHash: hashToken(raw) }, relations: { user: true } });
  }

  /** Withdraws a document upload link of an application file (once); null for an unknown one, or another file's. */
  async withdrawUploadLink(recordId: number, id: number): Promise<Token | null> {
    const token = await this.tokens.findOne({ where: { id, kind: 'document_upload', record: { id: recordId } }, relations: { user: true } });
    if (token && !token.withdrawnAt) await this.tokens.update({ id }, { withdrawnAt: new Date() });
    return token;
  }

  /** The application file a token was issued for, if any. */
  async recordIdOf(id: number): Promise<number | null> {
    return (await this.tokens.findOne({ where: { id }, relations: { record: true } }))?.record?.id ?? null;
  }

  /** Withdraws the usable links of a kind sent to an address; answers how many there were. */
  async withdrawPending(kind: TokenKind, email: string, manager: EntityManager = this.tokens.manager): Promise<number> {
    const result = await manager.update(Token, { kind, email, ...USABLE() }, { withdrawnAt: new Date() });
    return result.affected ?? 0;
  }

  /** Withdraws the usable links of a kind sent for an account, whatever address they went to; answers how many there were. */
  async withdrawPendingOfUser(kind: TokenKind, userId: number, manager: EntityManager = this.tokens.manager): Promise<number> {
    const result = await manager.update(Token, { kind, user: { id: userId }, ...USABLE() }, { withdrawnAt: new Date() });
    return result.affected ?? 0;
  }

  /** The latest link of a kind sent to each of these addresses that was neither used nor withdrawn, expired or not. */
  async latestUnused(kind: TokenKind, emails: string[]): Promise<Map<string, Token>> {
    const latest = new Map<string, Token>();
    if (emails.length === 0) return latest;
    const tokens = await this.tokens.find({ where: { kind, email: In(emails), usedAt: IsNull(), withdrawnAt: IsNull() }, order: { id: 'ASC' } });
    for (const token of tokens) latest.set(token.email, token);
    return latest;
  }

  /** The token behind a secret, if it is of that kind, unused and not expired. */
  async findUsable(kind: TokenKind, raw: unknown): Promise<Token | null> {
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(raw)) return null;
    return this.tokens.findOne({
      where: { kind, tokenHash: hashToken(raw), ...USABLE() },
      relations: { user: true },
    });
  }

  /** What an invitation's page shows: the invited address, names and role; null for a link that is not usable. */
  async registrationInfos(raw: string): Promise<{ email: string; first_name: Token['firstName']; last_name: Token['lastName']; role: Token['role'] } | null> {
    const found = await this.findUsable('registration', raw);
    return found ? { email: found.email, first_name: found.firstName, last_name: found.lastName, role: found.role } : null;
  }

  /** What a password reset's page shows: the account's address and names; null for a link that is not usable. */
  async passwordResetInfos(raw: string): Promise<{ email: string; first_name: string; last_name: string } | null> {
    const found = await this.findUsable('password_reset', raw);
    return found?.user ? { email: found.email, first_name: found.user.firstName, last_name: found.user.lastName } : null;
  }

  /** The new address an e-mail change link stands for; null for a link that is not usable or a deactivated account's. */
  async emailChangeInfos(raw: string): Promise<{ email: string } | null> {
    const found = await this.findUsable('email_change', raw);
    return found?.user?.active ? { email: found.email } : null;
  }

  /** Marks the token used, in the caller's transaction; false if another request used it first. */
  async consume(manager: EntityManager, token: Token): Promise<boolean> {
    const result = await manager.update(Token, { id: token.id, usedAt: IsNull(), withdrawnAt: IsNull() }, { usedAt: new Date() });
    return result.affected === 1;
  }
}
