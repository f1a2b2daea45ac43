import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SessionView } from '@hsa-lli/common/domain';
import { ConflictError } from '../../http/api-errors.js';
import { UNKNOWN_DEVICE } from './device.js';
import { SESSION_ABSOLUTE_MS } from './session-setup.js';
import { SESSION_STORE, storedSid, type RevocableStore, type StoredSession } from './session-stores.js';

/** Still logged in: a session past its absolute lifetime forgets its user at its next request. */
const loggedIn = ({ data }: StoredSession, now: number) => data.loginAt !== undefined && now - data.loginAt <= SESSION_ABSOLUTE_MS;

/** A user's own open sessions: what /mes-identifiants lists, and ending them. */
@Injectable()
export class SessionsService {
  constructor(@Inject(SESSION_STORE) private readonly store: RevocableStore) {}

  /** The user's open sessions, the one asking (named by its session id) first, then the latest active. */
  async list(userId: number, currentSid: string): Promise<SessionView[]> {
    const current = storedSid(currentSid);
    const now = Date.now();
    const sessions = (await this.store.listForUser(userId)).filter((session) => loggedIn(session, now));
    return sessions
      .map(({ id, data }): SessionView => ({
        id,
        device: data.device ?? UNKNOWN_DEVICE,
        ...(data.ip ? { ip: data.ip } : {}),
        created_at: new Date(data.loginAt!).toISOString(),
        last_seen_at: new Date(data.lastSeenAt ?? data.loginAt!).toISOString(),
        current: id === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
  }

  /** Ends every session of the user but the one asking; answers how many were open. */
  async endOthers(userId: number, currentSid: string): Promise<number> {
    const current = storedSid(currentSid);
    const now = Date.now();
    const others = (await this.store.listForUser(userId)).filter((session) => session.id !== current);
    const ended = await Promise.all(others.map(async (session) => (await this.store.destroyForUser(userId, session.id)) && loggedIn(session, now)));
    return ended.filter(Boolean).length;
  }

  /** Ends one other session of the user; a session that is not theirs is as unknown as one that does not exist. */
  async end(userId: number, currentSid: string, id: string): Promise<void> {
    if (id === storedSid(currentSid)) throw new ConflictError('Cette session est celle que vous utilisez : pour la fermer, déconnectez-vous.');
    if (!(await this.store.destroyForUser(userId, id))) throw new NotFoundException();
  }
}
