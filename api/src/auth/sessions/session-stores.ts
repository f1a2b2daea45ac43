import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { LessThan, type DataSource } from 'typeorm';
import { Session } from './session.entity.js';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** A session store that can also end every session of one user (after a password reset). */
export abstract class RevocableStore extends session.Store {
  abstract destroyAllForUser(userId: number): Promise<void>;
  abstract close(): Promise<void>;
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
      this.dataSource.manager.findOneBy(Session, { sid }).then((row) => {
        if (!row || row.expiresAt.getTime() <= Date.now()) return null;
        return JSON.parse(row.data) as SessionData;
      }),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    settle(
      this.dataSource.manager
        .save(Session, { sid, userId: userOf(data), data: JSON.stringify(data), expiresAt: expiryOf(data, this.idleMs) })
        .then(() => undefined),
      callback,
    );
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    settle(this.dataSource.manager.update(Session, { sid }, { expiresAt: expiryOf(data, this.idleMs) }).then(() => undefined), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.dataSource.manager.delete(Session, { sid }).then(() => undefined), callback);
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
    if (user !== null) write.sadd(this.userKey(user), sid).pexpire(this.userKey(user), ttl);
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
    const sids = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...sids.map((sid) => this.key(sid)));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(sid: string): string {
    return `${this.prefix}:sess:${sid}`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}:user-sess:${userId}`;
  }
}
