import type { RawAnswer } from '@hsa-lli/common/http';
import type { SessionAsked } from '@hsa-lli/common/store';

/** Sends one of the start's calls as common/http would (same origin, session cookie), before that code is loaded. */
const ask = (path: string): Promise<RawAnswer> =>
  fetch(`/api${path}`, { method: 'POST', credentials: 'same-origin' }).then(async (response) => ({ status: response.status, text: await response.text() }));

let asked: SessionAsked | undefined;

/**
 * Who is logged in and which pages they may open: asked as the page opens, while the shell's scripts load, since
 * every page waits for the answers (bootstrap.tsx reads them, once). A failed call is tried again the usual way.
 */
export function askSession(): void {
  asked = { roles: ask('/auth/get-roles'), pages: ask('/auth/get-pages') };
}

/** The answers asked for at start, handed over once: later checks of the session ask again. */
export function takeSessionAsked(): SessionAsked | undefined {
  const taken = asked;
  asked = undefined;
  return taken;
}
