import { toRequestError, type ErrorContext } from './errors.js';

/** Thrown, as is, when the caller aborts a request. */
export const ABORTED = 'ABORTED';

export const METHODS = ['get', 'head', 'post', 'put', 'delete', 'connect', 'options', 'trace', 'patch'] as const;
export type Method = (typeof METHODS)[number];

/** Default minimum perceived duration of a request: shorter answers are padded (spec section 9). */
export const MIN_DURATION_MS = 400;
export const TIMEOUT_MS = 30_000;
/** A request that met no server (no status) is tried once more after this delay, then fails. */
export const NETWORK_RETRY_MS = 5_000;

export interface RequestOptions extends ErrorContext {
  /** Go to /login when the answer is 401 or 403. */
  redirect?: boolean;
  /** Send the session cookie (on by default: the API is on the same origin). */
  auth?: boolean;
  /** Minimum duration in ms (0 for none). */
  minDuration?: number;
  timeout?: number;
  /** Aborting it makes the request throw ABORTED (an AbortController, or a router's request). */
  controller?: { signal: AbortSignal };
  /** Upload progress, from 0 to 1. */
  onUploadProgress?: (ratio: number) => void;
  /**
   * The same call, sent before this code was loaded (the shell asks for the session as the page opens): its answer is
   * read as this call's first attempt, instead of sending it again.
   */
  sent?: Promise<RawAnswer>;
}

interface HttpSettings {
  baseUrl: string;
  navigate: (path: string) => void;
  retryDelayMs: number;
}

const settings: HttpSettings = {
  baseUrl: '/api',
  navigate: (path) => window.location.assign(path),
  retryDelayMs: NETWORK_RETRY_MS,
};

/** Lets the shell give its router's navigation (and tests their own server). */
export function configureHttp(changes: Partial<HttpSettings>): void {
  Object.assign(settings, changes);
}

/** A call's answer as the server wrote it. */
export interface RawAnswer {
  status: number;
  text: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One exchange with the server; rejects with a TypeError when no server answered. */
function exchange(method: Method, url: string, body: unknown, options: RequestOptions, signal: AbortSignal): Promise<RawAnswer> {
  // A FormData goes as it is, as multipart: the browser writes the content type with the parts' boundary.
  const multipart = body instanceof FormData;
  const payload = body === undefined ? undefined : multipart ? body : JSON.stringify(body);
  const json = payload !== undefined && !multipart;
  const credentials = options.auth === false ? 'omit' : 'same-origin';
  if (!options.onUploadProgress) {
    return fetch(url, {
      method: method.toUpperCase(),
      credentials,
      headers: json ? { 'Content-Type': 'application/json' } : undefined,
      body: payload,
      signal,
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
  }
  // fetch tells nothing of upload progress: XMLHttpRequest does.
  const onProgress = options.onUploadProgress;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method.toUpperCase(), url);
    xhr.withCredentials = credentials !== 'omit';
    if (json) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network error'));
    signal.addEventListener('abort', () => {
      xhr.abort();
      reject(signal.reason);
    });
    xhr.send(payload);
  });
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The generic request helper (spec section 7): JSON in and out (a FormData body goes as multipart),
 * a minimum perceived duration, a timeout, abortable, one retry after 5 s when no server answered,
 * and failures as RequestError.
 */
export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const started = Date.now();
  const timeout = AbortSignal.timeout(options.timeout ?? TIMEOUT_MS);
  const signal = options.controller ? AbortSignal.any([options.controller.signal, timeout]) : timeout;
  const url = `${settings.baseUrl}${path}`;
  let answer: RawAnswer | null = null;
  for (let attempt = 0; answer === null; attempt += 1) {
    try {
      answer = await (attempt === 0 && options.sent ? options.sent : exchange(method, url, body, options, signal));
    } catch (error) {
      if (options.controller?.signal.aborted) throw ABORTED;
      if (timeout.aborted || attempt > 0 || !(error instanceof TypeError)) throw toRequestError(undefined, null, options);
      await wait(settings.retryDelayMs);
      if (options.controller?.signal.aborted) throw ABORTED;
    }
  }
  const remaining = (options.minDuration ?? MIN_DURATION_MS) - (Date.now() - started);
  if (remaining > 0) await wait(remaining);
  if (options.controller?.signal.aborted) throw ABORTED;
  const data = parse(answer.text);
  if (answer.status >= 200 && answer.status < 300) return data as T;
  if (options.redirect && (answer.status === 401 || answer.status === 403)) settings.navigate('/login');
  throw toRequestError(answer.status, data, options);
}

type Shortcut = <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;

/** `http.post('/auth/login', { email, password })`, and so on for each method. */
export const http = Object.fromEntries(
  METHODS.map((method) => [method, <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>(method, path, body, options)]),
) as Record<Method, Shortcut>;
