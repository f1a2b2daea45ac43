/**
 * The API as the UI's unit tests fake it: every request the page makes through `fetch` is kept in `calls` and answered
 * by `answer`, which each test sets; the views a test lists in `opened` are unmounted after it.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { configureHttp, NETWORK_RETRY_MS } from '../http/index.js';

/** A request as the fake API received it. */
export interface FakeCall {
  path: string;
  body: unknown;
}

/** What the fake API answers a request, by path. */
export type FakeAnswer = (path: string, body: unknown) => Response | Promise<Response>;

export interface FakeApi {
  /** The requests of the current test, in order. */
  readonly calls: FakeCall[];
  answer: FakeAnswer;
  /** What to unmount after the test. */
  readonly opened: (() => void)[];
}

/**
 * Installs the fake API around each test of the file that calls it (at its top level).
 * `retryDelayMs: 0` lets a test see the request helper's retries after a network error without waiting for them.
 */
export function fakeApi({ retryDelayMs }: { retryDelayMs?: number } = {}): FakeApi {
  const api: FakeApi = {
    calls: [],
    answer: (path) => {
      throw new Error(`The test does not say what the API answers to ${path}`);
    },
    opened: [],
  };
  beforeEach(() => {
    api.calls.length = 0;
    if (retryDelayMs !== undefined) configureHttp({ retryDelayMs });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://hsa.test').pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      api.calls.push({ path, body });
      return api.answer(path, body);
    });
  });
  afterEach(() => {
    api.opened.splice(0).forEach((close) => close());
    if (retryDelayMs !== undefined) configureHttp({ retryDelayMs: NETWORK_RETRY_MS });
    vi.unstubAllGlobals();
  });
  return api;
}

/** A JSON answer, as the API gives it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API's answer to an unknown or another's id. */
export const notFound = () => new Response(null, { status: 404 });
