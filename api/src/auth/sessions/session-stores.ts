import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { LessThan, type DataSource } from 'typeorm';
import { Session } from './session.entity.js';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** The provider of the RevocableStore (SessionsModule). */
export const SESSION_STORE = Symbol('SESSION_STORE');

/** A session store that can also end every session of one user (after a password reset, a deactivation). */
export abstract class RevocableStore extends session.Store {
  abstract destroyAllForUser(userId: number): Promise<void>;
  abstract close(): Promise<void>;
}

/**
 * Session ids are kept as their SHA-256 only: a copy of the database or of Redis gives nobody a
 * cookie that opens a session.
 */
export function storedSid(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

function userOf(data: SessionData): number | null {
  const user = (data as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'number' ? user : null;
}

function expiryOf(data: SessionData, fallbackMs: number): Date {
  return data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + fallbackMs);
}

/** Calls back once the promise settles, as express-session expects. */
function settle<T>(promise: Promise<T>, callback?: Callback<T>): void {
  promise.then(
    (value) => callback?.(undefined, value),
    (error: unknown) => callback?.(error),
  );
}

export class DatabaseSessionStore extends RevocableStore {
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly idleMs: number,
  ) {
    super();
    this.sweeper = setInterval(() => void this.sweep(), 15 * 60_000).unref();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    settle(
      this.dataSource.manager.findOneBy(Session, { sid: storedSid(sid) }).then((row) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return null;
        return JSON.parse(row.data) as SessionData;
      }),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    settle(
      this.dataSource.manager
        .save(Session, { sid: storedSid(sid), userId: userOf(data), data: JSON.stringify(data), expiresAt: expiryOf(data, this.idleMs) })
        .then(() => undefined),
      callback,
    );
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    settle(this.dataSource.manager.update(Session, { sid: storedSid(sid) }, { expiresAt: expiryOf(data, this.idleMs) }).then(() => undefined), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.dataSource.manager.delete(Session, { sid: storedSid(sid) }).then(() => undefined), callback);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    await this.dataSource.manager.delete(Session, { userId });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.manager.delete(Session, { expiresAt: LessThan(new Date()) });
  }
}

export class RedisSessionStore extends RevocableStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly idleMs: number,
  ) {
    super();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    settle(
      this.redis.get(this.key(sid)).then((raw) => (raw ? (JSON.parse(raw) as SessionData) : null)),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    const ttl = Math.max(1, expiryOf(data, this.idleMs).getTime() - Date.now());
    const user = userOf(data);
    const write = this.redis.multi().set(this.key(sid), JSON.stringify(data), 'PX', ttl);
    if (user !== null) write.sadd(this.userKey(user), storedSid(sid)).pexpire(this.userKey(user), ttl);
    settle(write.exec().then(() => undefined), callback);
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const ttl = Math.max(1, expiryOf(data, this.idleMs).getTime() - Date.now());
    settle(this.redis.pexpire(this.key(sid), ttl).then(() => undefined), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.redis.del(this.key(sid)).then(() => undefined), callback);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    const stored = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...stored.map((hashed) => this.keyOfStored(hashed)));
  }

  /** The Redis connection is the process's shared one (RedisConnection), closed with the application. */
  async close(): Promise<void> {}

  private key(sid: string): string {
    return this.keyOfStored(storedSid(sid));
  }

  private keyOfStored(hashed: string): string {
    return `${this.prefix}:sess:${hashed}`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}:user-sess:${userId}`;
  }
}
