import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { DEFAULT_ERROR, RequestError, type RequestErrorData } from '../http/errors.js';
import { ABORTED, request, type Method, type RequestOptions } from '../http/request.js';

// Remotes take RTK Query's pieces from here, with the one api they inject into.
export { skipToken } from '@reduxjs/toolkit/query/react';

/** What an endpoint asks of the server: the request helper's call, its options beside the path. */
export interface ApiRequest extends Omit<RequestOptions, 'controller'> {
  /** 'get' unless said. */
  method?: Method;
  path: string;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
}

/** A failed call as state may hold it: the catalogue's error data, or 'ABORTED' when the call was given up. */
export type ApiError = RequestErrorData | typeof ABORTED;

/** What the user reads when a call failed: the server's or the catalogue's message, else the default one. */
export function errorText(error: unknown): string {
  return typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string' ? error.error : DEFAULT_ERROR;
}

/**
 * Every endpoint goes through the request helper, so the error catalogue, the minimum duration and the
 * retry apply to each; RTK Query's signal aborts the call.
 */
export const requestBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async ({ method = 'get', path, body, ...options }, { signal }) => {
  try {
    return { data: await request(method, path, body, { ...options, controller: { signal } }) };
  } catch (error) {
    if (error === ABORTED) return { error: ABORTED };
    if (error instanceof RequestError) return { error: error.toData() };
    throw error;
  }
};

/**
 * The one data-access layer of the front apps, in the root reducer. It starts with no endpoint: each
 * feature injects its own (`api.enhanceEndpoints({ addTagTypes }).injectEndpoints(...)` in
 * `features/<name>/<name>-api.ts`) when its module loads.
 */
export const api = createApi({
  baseQuery: requestBaseQuery,
  endpoints: () => ({}),
});
