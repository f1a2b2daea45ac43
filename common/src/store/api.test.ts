import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../http/request.js';
import { api, errorText, requestBaseQuery, type ApiRequest } from './api.js';
import { makeStore } from './index.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let handler: Handler = (_request, response) => response.end();
let server: Server;
const navigate = vi.fn();

beforeAll(async () => {
  server = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => handler(incoming, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  configureHttp({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, navigate, retryDelayMs: 100 });
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function json(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

// Endpoints as a feature injects them, taking the request as it is.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    read: build.query<unknown, ApiRequest>({ query: (request) => request }),
    send: build.mutation<unknown, ApiRequest>({ query: (request) => request }),
  }),
});

describe('data-access api', () => {
  it('reads and sends through the request helper, its options passed on', async () => {
    handler = (incoming, response, body) => json(response, 200, { method: incoming.method, url: incoming.url, body: body ? JSON.parse(body) : null });
    const store = makeStore();
    const read = await store.dispatch(probeApi.endpoints.read.initiate({ path: '/stats', minDuration: 0 }));
    expect(read.data).toEqual({ method: 'GET', url: '/api/stats', body: null });

    const started = Date.now();
    const sent = await store.dispatch(probeApi.endpoints.send.initiate({ method: 'post', path: '/stats/refresh', body: { id: 3 } }));
    expect(sent.data).toEqual({ method: 'POST', url: '/api/stats/refresh', body: { id: 3 } });
    // The helper's default minimum duration applies unless the endpoint says otherwise.
    expect(Date.now() - started).toBeGreaterThanOrEqual(395);
  });

  it("keeps a failed call as the catalogue's error data, plain enough for the store", async () => {
    handler = (_request, response) => json(response, 401, { error: 'Unauthorized' });
    const store = makeStore();
    const read = await store.dispatch(probeApi.endpoints.read.initiate({ path: '/stats', minDuration: 0 }));
    expect(read.error).toEqual({
      error: 'Votre connexion a expirée, connectez-vous pour accéder à cette ressource.',
      warning: undefined,
      fields: {},
      __default: false,
      ERROR_CODE: 'DENIED',
      status: 401,
      loginLink: true,
    });
    expect(Object.getPrototypeOf(read.error)).toBe(Object.prototype);
    expect(errorText(read.error)).toBe('Votre connexion a expirée, connectez-vous pour accéder à cette ressource.');
    expect(navigate).not.toHaveBeenCalled();

    handler = (_request, response) => json(response, 403, { error: 'Forbidden' });
    const sent = await store.dispatch(probeApi.endpoints.send.initiate({ method: 'post', path: '/stats/refresh', minDuration: 0, action: true, redirect: true }));
    expect(sent).toMatchObject({ error: { ERROR_CODE: 'FORBIDDEN', error: "Votre n'avez pas les droits nécessaires pour effectuer à cette action." } });
    expect(navigate).toHaveBeenCalledWith('/login');

    handler = (_request, response) => json(response, 500);
    const failed = await store.dispatch(probeApi.endpoints.read.initiate({ path: '/other', minDuration: 0 }));
    expect(failed.error).toMatchObject({ error: 'Une erreur inattendue est survenue.', __default: true, status: 500 });
  });

  it("gives 'ABORTED' for a call aborted on its way", async () => {
    let reached = () => {};
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    handler = (_request, response) => {
      reached();
      setTimeout(() => json(response, 200, {}), 500);
    };
    const controller = new AbortController();
    const pending = requestBaseQuery({ path: '/slow', minDuration: 0 }, { signal: controller.signal } as Parameters<typeof requestBaseQuery>[1], {});
    await arrived;
    controller.abort();
    expect(await pending).toEqual({ error: 'ABORTED' });
    expect(errorText('ABORTED')).toBe('Une erreur inattendue est survenue.');
  });

  it('sends a FormData body as multipart', async () => {
    handler = (incoming, response, body) => json(response, 200, { contentType: incoming.headers['content-type'], body });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), 'avis.pdf');
    const store = makeStore();
    const sent = await store.dispatch(probeApi.endpoints.send.initiate({ method: 'post', path: '/upload', body: form, minDuration: 0 }));
    expect(sent.data).toMatchObject({ contentType: expect.stringMatching(/^multipart\/form-data; boundary=/), body: expect.stringContaining('%PDF-1.7 test') });
  });
});
