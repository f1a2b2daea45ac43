import type { NextFunction, Request, Response } from 'express';
import { parisDay } from '@hsa-lli/common/domain';
import type { CachedAnswer, PublicReadCache } from './public-read-cache.js';

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

/** Answers a kept answer, compressed as the caller accepts, or 304 when the caller holds it already. */
function send(request: Request, response: Response, answer: CachedAnswer): void {
  response.setHeader('ETag', answer.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('Cache-Control', 'no-cache');
  if (request.headers['if-none-match'] === answer.etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const encoding = answer.br || answer.gzip ? request.acceptsEncodings('br', 'gzip') : false;
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
      const body = JSON.stringify(request.body ?? {});
      if (body.length > MAX_KEY_BODY) return next();
      const key = `${today()} ${request.path} ${body}`;
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
    const picture = request.method === 'GET' ? PICTURE.exec(request.path) : null;
    if (picture) {
      const kept = cache.picture(pictureKey(Number(picture[1]), request.query.w));
      if (kept) {
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        response.type('image/webp').sendFile(kept.path);
        return;
      }
    }
    next();
  };
}

/** The key of a picture at a width as asked (`?w=`, absent for the default). */
export function pictureKey(id: number, width: unknown): string {
  return `picture ${id} ${typeof width === 'string' ? width : ''}`;
}
