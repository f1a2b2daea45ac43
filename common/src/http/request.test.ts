import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERROR, RequestError } from './errors.js';
import { ABORTED, configureHttp, http, request } from './request.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let handler: Handler = (_request, response) => response.end();
let server: Server;
let port: number;

function listen(on = 0): Promise<Server> {
  const created = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => handler(incoming, response, body));
  });
  return new Promise((resolve) => created.listen(on, '127.0.0.1', () => resolve(created)));
}

function json(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const navigate = vi.fn();

beforeAll(async () => {
  server = await listen();
  port = (server.address() as AddressInfo).port;
  configureHttp({ baseUrl: `http://127.0.0.1:${port}/api`, navigate, retryDelayMs: 100 });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  navigate.mockReset();
  vi.unstubAllGlobals();
});

async function failure(call: Promise<unknown>): Promise<RequestError> {
  try {
    await call;
  } catch (error) {
    return error as RequestError;
  }
  throw new Error('The request did not fail');
}

describe('request helper', () => {
  it('sends and reads JSON, with every method', async () => {
    handler = (incoming, response, body) => json(response, 200, { method: incoming.method, url: incoming.url, body: body ? JSON.parse(body) : null });
    expect(await http.post('/auth/login', { email: 'a@b.fr' }, { minDuration: 0 })).toEqual({ method: 'POST', url: '/api/auth/login', body: { email: 'a@b.fr' } });
    for (const method of ['get', 'put', 'delete', 'patch', 'options'] as const) {
      expect(await http[method]<{ method: string }>('/x', undefined, { minDuration: 0 })).toMatchObject({ method: method.toUpperCase() });
    }
  });

  it('pads a quick answer to the minimum duration, 400 ms by default', async () => {
    handler = (_request, response) => json(response, 200, {});
    let started = Date.now();
    await http.get('/quick');
    expect(Date.now() - started).toBeGreaterThanOrEqual(395);
    started = Date.now();
    await http.get('/quick', undefined, { minDuration: 0 });
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('turns 401, 403 and an empty 404 into the coded errors of the catalogue', async () => {
    handler = (_request, response) => json(response, 401, { error: 'Unauthorized' });
    const denied = await failure(http.get('/x', undefined, { minDuration: 0 }));
    expect(denied).toMatchObject({ ERROR_CODE: 'DENIED', error: 'Votre connexion a expirée, connectez-vous pour accéder à cette ressource.', loginLink: true, __default: false });
    const deniedAction = await failure(http.post('/x', {}, { minDuration: 0, action: true, hideLoginLink: true }));
    expect(deniedAction).toMatchObject({ error: 'Votre connexion a expirée, connectez-vous pour pouvoir faire cette action.', loginLink: false });

    handler = (_request, response) => json(response, 403, { error: 'Forbidden' });
    expect(await failure(http.get('/x', undefined, { minDuration: 0 }))).toMatchObject({
      ERROR_CODE: 'FORBIDDEN',
      error: "Votre n'avez pas les droits nécessaires pour accéder à cette ressource.",
    });
    expect(await failure(http.post('/x', {}, { minDuration: 0, action: true }))).toMatchObject({
      error: "Votre n'avez pas les droits nécessaires pour effectuer à cette action.",
    });

    handler = (_request, response) => json(response, 404);
    expect(await failure(http.get('/x', undefined, { minDuration: 0 }))).toMatchObject({ ERROR_CODE: 'NOT_FOUND', error: 'Ressource introuvable.', loginLink: false });
    expect(await failure(http.post('/x', {}, { minDuration: 0, action: true }))).toMatchObject({ error: 'Données demandées introuvables.' });
  });

  it("keeps the server's message, warning and field errors", async () => {
    handler = (_request, response) => json(response, 400, { error: 'Certaines informations sont à corriger.', warning: 'Attention', fields: { email: 'Adresse invalide.' } });
    const error = await failure(http.post('/x', {}, { minDuration: 0 }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.toData()).toEqual({
      error: 'Certaines informations sont à corriger.',
      warning: 'Attention',
      fields: { email: 'Adresse invalide.' },
      __default: false,
      ERROR_CODE: undefined,
      status: 400,
      loginLink: false,
    });
  });

  it('keeps the code a page recognises an answer by, beside its sentence', async () => {
    handler = (_request, response) => json(response, 409, { error: 'Cette fiche a été modifiée par quelqu’un d’autre.', code: 'stale_version' });
    expect((await failure(http.post('/x', {}, { minDuration: 0 }))).toData()).toMatchObject({ error: 'Cette fiche a été modifiée par quelqu’un d’autre.', code: 'stale_version', status: 409 });
    handler = (_request, response) => json(response, 409, { error: 'Ce compte est déjà actif.' });
    expect((await failure(http.post('/x', {}, { minDuration: 0 }))).code).toBeUndefined();
  });

  it('gives the default error for an empty or plain-text body', async () => {
    for (const reply of [(response: ServerResponse) => json(response, 500), (response: ServerResponse) => response.writeHead(502).end('Bad gateway')]) {
      handler = (_request, response) => reply(response);
      expect(await failure(http.get('/x', undefined, { minDuration: 0 }))).toMatchObject({ error: DEFAULT_ERROR, __default: true, ERROR_CODE: undefined });
    }
  });

  it('goes to /login on 401 or 403 when asked to', async () => {
    handler = (_request, response) => json(response, 403, { error: 'Forbidden' });
    await failure(http.get('/x', undefined, { minDuration: 0 }));
    expect(navigate).not.toHaveBeenCalled();
    await failure(http.get('/x', undefined, { minDuration: 0, redirect: true }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("throws 'ABORTED' when the caller aborts", async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, {}), 500);
    const controller = new AbortController();
    const pending = request('get', '/slow', undefined, { controller, minDuration: 0 });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBe(ABORTED);
  });

  it('gives up after the timeout', async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, {}), 1000);
    expect(await failure(http.get('/slow', undefined, { minDuration: 0, timeout: 100 }))).toMatchObject({ error: DEFAULT_ERROR });
  });

  it('tries once more after a delay when no server answers, then fails', async () => {
    const spare = await listen();
    const sparePort = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    configureHttp({ baseUrl: `http://127.0.0.1:${sparePort}/api` });
    try {
      // Down at the first try, back before the retry: the call succeeds.
      handler = (_request, response) => json(response, 200, { back: true });
      const revived = listen(sparePort);
      const answer = http.get('/x', undefined, { minDuration: 0 });
      const restarted = await revived;
      expect(await answer).toEqual({ back: true });
      await new Promise<void>((resolve) => restarted.close(() => resolve()));

      // Down both times: the error is raised after the one retry.
      const started = Date.now();
      expect(await failure(http.get('/x', undefined, { minDuration: 0 }))).toMatchObject({ error: DEFAULT_ERROR, status: undefined });
      expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    } finally {
      configureHttp({ baseUrl: `http://127.0.0.1:${port}/api` });
    }
  });

  it('reads a call already sent as its first attempt: its answer, its errors, and a retry when no server had answered', async () => {
    let calls = 0;
    handler = (_request, response) => {
      calls += 1;
      json(response, 200, { fresh: true });
    };
    const sent = (status: number, body: unknown) => Promise.resolve({ status, text: JSON.stringify(body) });
    expect(await http.post('/auth/get-pages', undefined, { minDuration: 0, sent: sent(200, { early: true }) })).toEqual({ early: true });
    expect(await failure(http.post('/auth/get-pages', undefined, { minDuration: 0, sent: sent(500, { error: 'Panne' }) }))).toMatchObject({ status: 500, error: 'Panne' });
    expect(calls).toBe(0);
    // Sent while the server was not answering: asked again after the delay, as any call.
    expect(await http.post('/auth/get-pages', undefined, { minDuration: 0, sent: Promise.reject(new TypeError('Failed to fetch')) })).toEqual({ fresh: true });
    expect(calls).toBe(1);
  });
});

/**
 * Node has no XMLHttpRequest: this one does the part the helper uses with fetch, against the same
 * server, and reports the upload in two steps. Like a browser's, it writes the multipart content
 * type itself, unless the caller set one.
 */
class NodeXhr {
  static headersSet: Record<string, string>[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private controller = new AbortController();

  constructor() {
    NodeXhr.headersSet.push(this.headers);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.controller.abort();
  }

  send(body?: string | FormData) {
    void (async () => {
      const encoded = new Request(this.url, { method: this.method, headers: this.headers, body });
      const bytes = await encoded.arrayBuffer();
      const total = bytes.byteLength;
      this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(total / 2), total });
      try {
        const response = await fetch(this.url, { method: this.method, headers: encoded.headers, body: bytes, signal: this.controller.signal });
        this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        if (!this.controller.signal.aborted) this.onerror?.();
      }
    })();
  }
}

describe('multipart bodies', () => {
  const echo: Handler = (incoming, response, body) => json(response, 200, { contentType: incoming.headers['content-type'], body });

  function form() {
    const data = new FormData();
    data.append('label', 'Avis d’imposition 2025');
    data.append('file', new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), 'avis.pdf');
    return data;
  }

  it('sends a FormData as multipart, with the content type and boundary the platform writes', async () => {
    handler = echo;
    const answer = await http.post<{ contentType: string; body: string }>('/upload', form(), { minDuration: 0 });
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(answer.contentType)?.[1];
    expect(boundary).toBeTruthy();
    expect(answer.body).toContain(`--${boundary}`);
    expect(answer.body).toContain('name="label"\r\n\r\nAvis d’imposition 2025');
    expect(answer.body).toContain('filename="avis.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 test');
  });

  it('reports the upload progress of a FormData through XMLHttpRequest, and sets no content type itself', async () => {
    NodeXhr.headersSet = [];
    vi.stubGlobal('XMLHttpRequest', NodeXhr);
    handler = echo;
    const progress: number[] = [];
    const answer = await http.post<{ contentType: string; body: string }>('/upload', form(), { minDuration: 0, onUploadProgress: (ratio) => progress.push(ratio) });
    expect(NodeXhr.headersSet).toEqual([{}]);
    expect(answer.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('%PDF-1.7 test');
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress[0]).toBeLessThan(1);
    expect(progress.at(-1)).toBe(1);

    // A JSON body through the same path keeps its content type.
    await http.post('/upload', { a: 1 }, { minDuration: 0, onUploadProgress: () => undefined });
    expect(NodeXhr.headersSet.at(-1)).toEqual({ 'Content-Type': 'application/json' });
  });

  it('turns a refused upload into the error of the catalogue, with or without progress', async () => {
    vi.stubGlobal('XMLHttpRequest', NodeXhr);
    // The server refuses the parts it is sent.
    const refuse = (status: number, body: unknown): Handler => (incoming, response) =>
      incoming.headers['content-type']?.startsWith('multipart/form-data;') ? json(response, status, body) : json(response, 200, {});
    handler = refuse(401, { error: 'Unauthorized' });
    for (const onUploadProgress of [undefined, () => undefined]) {
      expect(await failure(http.post('/upload', form(), { minDuration: 0, action: true, onUploadProgress }))).toMatchObject({
        ERROR_CODE: 'DENIED',
        error: 'Votre connexion a expirée, connectez-vous pour pouvoir faire cette action.',
      });
    }
    handler = refuse(415, { error: 'Le contenu doit être envoyé au format JSON.' });
    expect(await failure(http.post('/upload', form(), { minDuration: 0, onUploadProgress: () => undefined }))).toMatchObject({
      error: 'Le contenu doit être envoyé au format JSON.',
      status: 415,
    });
  });
});
