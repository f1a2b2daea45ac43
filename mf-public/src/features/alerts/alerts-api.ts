import type { AlertView } from '@hsa-lli/common/domain';
import { http, RequestError, type RequestOptions } from '@hsa-lli/common/http';

/** What a call on a link answers when the link is unknown, used, expired or cut short (404, or 400 for a token too long to be one). */
export const UNUSABLE = 'unusable';

/** The calls of an alert's e-mailed links, which name it by their token instead of a session. */
async function byLink<T>(path: string, token: string, options: RequestOptions): Promise<T | typeof UNUSABLE> {
  try {
    return await http.post<T>(path, { token }, options);
  } catch (error) {
    if (error instanceof RequestError && (error.status === 404 || error.status === 400)) return UNUSABLE;
    throw error;
  }
}

/** The alert a link of its e-mails names, for its page. */
export const alertByLink = (token: string, request: Request) => byLink<{ alert: AlertView }>('/front/alerts/details', token, { controller: request, minDuration: 0 });
export const confirmAlert = (token: string) => byLink<{ alert: AlertView }>('/front/alerts/confirm', token, { action: true });
export const renewAlert = (token: string) => byLink<{ alert: AlertView }>('/front/alerts/renew', token, { action: true });
export const unsubscribeAlert = (token: string) => byLink<Record<string, never>>('/front/alerts/unsubscribe', token, { action: true });
