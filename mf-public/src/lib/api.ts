import { http, type RequestOptions } from '@hsa-lli/common/http';

/** Page data: no padding (pages should be quick), and abandoned when the visitor goes elsewhere. */
export function load<T>(path: string, body: unknown, request: Request, options: RequestOptions = {}): Promise<T> {
  return http.post<T>(path, body, { controller: request, minDuration: 0, ...options });
}
