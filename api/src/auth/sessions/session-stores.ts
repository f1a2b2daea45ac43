import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { LessThan, MoreThan, type DataSource } from 'typeorm';
import { Session } from './session.entity.js';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** The provider of the RevocableStore (SessionsModule). */
export const SESSION_STORE = Symbol('SESSION_STORE');

/** A live session of a user, named by the SHA-256 of its id (its cookie cannot be made from that). */
export interface StoredSession {
  id: string;
  data: SessionData;
}

/**
 * A session store that can also list a user's sessions, end one of them, or end them all (after a password reset, a
 * deactivation).
 */
export abstract class RevocableStore extends session.Store {
  abstract destroyAllForUser(userId: number): Promise<void>;
  /** The user's sessions that have not expired. */
  abstract listForUser(userId: number): Promise<StoredSession[]>;
  /** Ends the session of that stored id if it is the user's; false when the user has no such session. */
  abstract destroyForUser(userId: number, id: string): Promise<boolean>;
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

  async listForUser(userId: number): Promise<StoredSession[]> {
    const rows = await this.dataSource.manager.findBy(Session, { userId, expiresAt: MoreThan(new Date()) });
    return rows.map((row) => ({ id: row.sid, data: JSON.parse(row.data) as SessionData }));
  }

  async destroyForUser(userId: number, id: string): Promise<boolean> {
    const result = await this.dataSource.manager.delete(Session, { sid: id, userId, expiresAt: MoreThan(new Date()) });
    return (result.affected ?? 0) > 0;
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
    const user = userOf(data);
    const write = this.redis.multi().pexpire(this.key(sid), ttl);
    // The user's set lives as long as their latest session: one that only gets touched is still found to be ended.
    if (user !== null) write.sadd(this.userKey(user), storedSid(sid)).pexpire(this.userKey(user), ttl);
    settle(write.exec().then(() => undefined), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.redis.del(this.key(sid)).then(() => undefined), callback);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    const stored = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...stored.map((hashed) => this.keyOfStored(hashed)));
  }

  async listForUser(userId: number): Promise<StoredSession[]> {
    const stored = await this.redis.smembers(this.userKey(userId));
    if (stored.length === 0) return [];
    const raws = await this.redis.mget(stored.map((hashed) => this.keyOfStored(hashed)));
    const sessions: StoredSession[] = [];
    const gone: string[] = [];
    stored.forEach((id, index) => {
      const data = raws[index] ? (JSON.parse(raws[index]) as SessionData) : null;
      // An expired session, or one that logged out or in as someone else, leaves the set.
      if (data && userOf(data) === userId) sessions.push({ id, data });
      else gone.push(id);
    });
    if (gone.length > 0) await this.redis.srem(this.userKey(userId), ...gone);
    return sessions;
  }

  async destroyForUser(userId: number, id: string): Promise<boolean> {
    if (!(await this.redis.sismember(this.userKey(userId), id))) return false;
    const raw = await this.redis.get(this.keyOfStored(id));
    const live = raw !== null && userOf(JSON.parse(raw) as SessionData) === userId;
    await this.redis.multi().del(this.keyOfStored(id)).srem(this.userKey(userId), id).exec();
    return live;
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
