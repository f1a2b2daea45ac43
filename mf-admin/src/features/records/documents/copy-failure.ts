import { toRequestError, type RequestErrorData } from '@hsa-lli/common/http';

/** The failure of a copy's read, in French: the API's own message, the catalogue's for a session, or the file gone. */
export function copyError(status: number | undefined, body: unknown): RequestErrorData {
  if (status === 404) return { ...toRequestError(404, null).toData(), error: 'Ce fichier n’est plus dans le dossier : le demandeur l’a peut-être remplacé ou supprimé. Rechargez le dossier.' };
  return toRequestError(status, body).toData();
}

/** The copy could not be fetched at all: the network, not the API. */
export function copyUnreachable(): RequestErrorData {
  return { ...toRequestError(undefined, null).toData(), error: 'La copie n’a pas pu être chargée : vérifiez votre connexion, puis réessayez.' };
}

/** An answer's text as JSON when it is, else the text itself (null when empty). */
export const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** What a frame holds once loaded, as far as the copy's failure is concerned. */
export interface FramePage {
  contentType: string;
  body: { textContent: string | null } | null;
}

/**
 * What the API answered in a frame instead of the copy (the frame is of this origin: readable), or null when the copy
 * is there — or when the browser's PDF viewer keeps its document to itself. A 404 has no body; the frame does not
 * tell the status, which the API's bodies say for a session (« Unauthorized », « Forbidden »).
 */
export function pageFailure(page: FramePage | null): RequestErrorData | null {
  if (!page || page.contentType === 'application/pdf') return null;
  const text = page.body?.textContent?.trim() ?? '';
  if (text === '' && page.contentType.startsWith('text/')) return copyError(404, null);
  if (page.contentType !== 'application/json') return null;
  const body = parsed(text);
  const code = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  return copyError(code === 'Unauthorized' ? 401 : code === 'Forbidden' ? 403 : undefined, body);
}

/** `pageFailure` of a frame's document; null when the browser does not let the page read it. */
export function frameFailure(frame: HTMLIFrameElement): RequestErrorData | null {
  let page: Document | null;
  try {
    page = frame.contentDocument;
  } catch {
    return null;
  }
  return pageFailure(page);
}
