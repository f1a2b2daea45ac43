import accepts from 'accepts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { parisDay } from '@hsa-lli/common/domain';
import { hostnameOf, setSecurityHeaders } from '../front/security-headers.js';
import { fromAnotherSite } from '../http/same-site-requests.js';
import type { CachedAnswer, CachedPicture, PublicReadCache } from './public-read-cache.js';

/** The public site's JSON reads: the same answer for every visitor, whoever asks. */
export const PUBLIC_READS = new Set(['/api/front/residences/list', '/api/front/residences/details', '/api/front/goods/details']);
/** A public picture: `/api/images/<id>`, at a width (`?w=`). */
const PICTURE = /^\/api\/images\/(\d+)$/;
/** Longer bodies are not public reads' (a slug, an id, a few filters): they go the usual way, and are not kept. */
const MAX_KEY_BODY = 2_048;

/** France's day, worked out once a minute: the answers say what is available today. */
let day = { minute: -1, value: '' };
function today(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== day.minute) day = { minute, value: parisDay(new Date()) };
  return day.value;
}

/** The key of a read's answer: its path, its body as parsed, and France's day; null for a body too long to be kept. */
function readKey(path: string, parsed: unknown): string | null {
  const body = JSON.stringify(parsed ?? {});
  return body.length > MAX_KEY_BODY ? null : `${today()} ${path} ${body}`;
}

/** Answers a kept answer, compressed as the caller accepts, or 304 when the caller holds it already. */
function send(request: IncomingMessage, response: ServerResponse, answer: CachedAnswer): void {
  response.setHeader('ETag', answer.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('Cache-Control', 'no-cache');
  if (request.headers['if-none-match'] === answer.etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const encoding = answer.br || answer.gzip ? accepts(request).encodings(['br', 'gzip']) : false;
  const body = (encoding === 'br' && answer.br) || (encoding === 'gzip' && answer.gzip) || answer.body;
  if (body !== answer.body) response.setHeader('Content-Encoding', encoding as string);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  response.statusCode = 200;
  response.end(body);
}

/**
 * The public reads' fast way, before sessions and the framework: a kept answer or picture is answered at once; any other
 * read goes the usual way and its answer is kept on its way out (the controllers decide everything: what is public,
 * what is 404). Mounted after the same-site check and the JSON parser, so a refused or malformed request is refused
 * exactly as before.
 */
export function publicReads(cache: PublicReadCache) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method === 'POST' && PUBLIC_READS.has(request.path)) {
      const key = readKey(request.path, request.body);
      if (key === null) return next();
      const kept = cache.answer(key);
      if (kept) return send(request, response, kept);
      const generation = cache.generation;
      const json = response.json.bind(response);
      response.json = (answer: unknown) => {
        if (response.statusCode !== 200) return json(answer);
        send(request, response, cache.keepAnswer(key, generation, JSON.stringify(answer)));
        return response;
      };
      return next();
    }
    const key = request.method === 'GET' ? pictureRead(request.path, request.query.w) : null;
    const kept = key === null ? undefined : cache.picture(key);
    if (kept) return sendPicture(request, response, kept);
    next();
  };
}

/** The key of a picture at a width as asked (`?w=`, absent for the default). */
export function pictureKey(id: number, width: unknown): string {
  return `picture ${id} ${typeof width === 'string' ? width : ''}`;
}

/** The key of the picture a GET of `path` asks for (`/api/images/<id>`, `?w=` as asked); null for any other path. */
function pictureRead(path: string, width: unknown): string | null {
  const picture = PICTURE.exec(path);
  return picture ? pictureKey(Number(picture[1]), width) : null;
}

/** How long anyone may keep a public picture: an image id never points at other content (a new picture, a new id). */
export const PUBLIC_PICTURE = 'public, max-age=31536000, immutable';

/** Answers a kept picture, or 304 when the caller holds it already. */
export function sendPicture(request: IncomingMessage, response: ServerResponse, picture: CachedPicture): void {
  response.setHeader('Cache-Control', PUBLIC_PICTURE);
  response.setHeader('ETag', picture.etag);
  response.setHeader('Last-Modified', picture.lastModified);
  if (request.headers['if-none-match'] === picture.etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  response.setHeader('Content-Type', 'image/webp');
  response.setHeader('Content-Length', picture.bytes.length);
  response.statusCode = 200;
  response.end(request.method === 'HEAD' ? undefined : picture.bytes);
}

/** A public read's body the kept reads' way read before Express, and what the JSON parser said of it. */
const readFirst = new WeakMap<IncomingMessage, { refusal: unknown }>();

/** `application/json`, with or without parameters: the type the same-site check and the JSON parser take. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Whether a request goes the kept reads' way as a JSON read: what the chain before `publicReads` lets through as it is. A
 * public read at its very path, from this site (`fromAnotherSite`), with a JSON body of a stated, short length.
 */
function jsonReadFirst(request: IncomingMessage, publicUrl: string): boolean {
  const { headers } = request;
  return (
    request.method === 'POST' &&
    PUBLIC_READS.has(request.url ?? '') &&
    JSON_TYPE.test(headers['content-type'] ?? '') &&
    Number(headers['content-length']) <= MAX_KEY_BODY &&
    headers['transfer-encoding'] === undefined &&
    !fromAnotherSite(request, publicUrl)
  );
}

/** The kept picture a GET without a body asks for, found as Express would read its path and `?w=`. */
function pictureFirst(request: IncomingMessage, cache: PublicReadCache): CachedPicture | undefined {
  const { headers } = request;
  if (request.method !== 'GET' || Number(headers['content-length'] ?? 0) !== 0 || headers['transfer-encoding'] !== undefined) return undefined;
  const url = request.url ?? '';
  const question = url.indexOf('?');
  const key = question === -1 ? pictureRead(url, undefined) : pictureRead(url.slice(0, question), parseQuery(url.slice(question + 1)).w);
  return key === null ? undefined : cache.picture(key);
}

/**
 * The kept public reads answered as their request arrives, before Express, whose request objects and middleware cost
 * more than the answer itself (bench/public.md): the server's request listener, in front of Express's. It takes a
 * request without a forwarded host only (the answer's headers then hang on its Host alone, as `request.hostname` reads
 * it). A kept picture is answered at once (`sendPicture`). A JSON read's body is read by the chain's own JSON parser
 * (`json`, which `jsonBody` then leaves alone); a kept answer is sent with the headers the chain gives it
 * (`setSecurityHeaders`, `send`); anything else (an answer not kept, a body the parser refused) goes on to Express as it
 * came, its body read, and `jsonBody` passes the parser's refusal on to the chain's error handling.
 */
export function keptReadsFirst(express: RequestListener, cache: PublicReadCache, json: RequestHandler, publicUrl: string): RequestListener {
  return (request, response) => {
    if (request.headers['x-forwarded-host'] !== undefined) return express(request, response);
    const siteHeaders = () => setSecurityHeaders(response, hostnameOf(request.headers.host));
    const picture = pictureFirst(request, cache);
    if (picture) {
      siteHeaders();
      return sendPicture(request, response, picture);
    }
    if (!jsonReadFirst(request, publicUrl)) return express(request, response);
    json(request as Request, response as Response, (refusal?: unknown) => {
      readFirst.set(request, { refusal });
      const key = refusal === undefined ? readKey(request.url!, (request as Request).body) : null;
      const kept = key === null ? undefined : cache.answer(key);
      if (!kept) return express(request, response);
      siteHeaders();
      send(request, response, kept);
    });
  };
}

/** The chain's JSON parser, for a body not read yet; for one read the kept reads' way, the parser's refusal, if any. */
export function jsonBody(json: RequestHandler): RequestHandler {
  return (request, response, next) => {
    const read = readFirst.get(request);
    if (!read) return json(request, response, next);
    next(read.refusal);
  };
}
