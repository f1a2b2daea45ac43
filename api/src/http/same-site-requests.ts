import { ForbiddenException, Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { ApiErrorBody } from '@hsa-lli/common/domain';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The routes that take files, as multipart (under /api). */
const UPLOADS = new Set(['/images/upload', '/records/documents/upload', '/records/shared/upload']);

/**
 * An alert's one-click unsubscribe (RFC 8058): a mailbox provider posts `List-Unsubscribe=One-Click` as a form, from
 * its servers. Its body is never read; the secret in the address is what it acts on.
 */
const ONE_CLICK = /^\/front\/alerts\/one-click\/[^/]+$/;

/** The site's public address as an origin and a host, worked out once (an address is the configuration's). */
const publicSites = new Map<string, { origin: string; host: string }>();
function publicSite(publicUrl: string): { origin: string; host: string } {
  let site = publicSites.get(publicUrl);
  if (!site) {
    const { origin, host } = new URL(publicUrl);
    publicSites.set(publicUrl, (site = { origin, host }));
  }
  return site;
}

/** Whether the request says it comes from a page of another site (its headers only: Express's request or Node's). */
export function fromAnotherSite(request: Pick<IncomingMessage, 'headers'>, publicUrl: string): boolean {
  const { headers } = request;
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  const ours = publicSite(publicUrl);
  if (origin === ours.origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // 'null' (a sandboxed frame, a redirect from elsewhere) or garbage: nothing to trust.
    return true;
  }
  return host !== headers.host && host !== ours.host;
}

/**
 * Refuses any state-changing call another site could make a visitor's browser send: a cross-site
 * page can post a form (urlencoded, multipart or text/plain) with the visitor's cookie, but it can
 * neither send JSON nor hide where it comes from. So a call that changes anything must come from
 * this site and carry JSON, or no body at all. The upload routes take multipart too, from a request
 * that says it comes from this site (`Sec-Fetch-Site: same-origin`, or an `Origin` of this site: browsers
 * send one with every POST): a form of another site cannot. Reads pass here; those that do something say so on their
 * route (`@ThisSiteOnly()`, below).
 */
export function sameSiteRequests(publicUrl: string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (READS.has(request.method)) return next();
    if (fromAnotherSite(request, publicUrl)) {
      response.status(403).json({ error: 'Forbidden' } satisfies ApiErrorBody);
      return;
    }
    const type = request.get('content-type');
    const hasBody = type !== undefined || Number(request.get('content-length') ?? 0) > 0 || request.get('transfer-encoding') !== undefined;
    // An Origin still here is this site's: another site's was refused above.
    const sameOrigin = request.get('sec-fetch-site') === 'same-origin' || request.get('origin') !== undefined;
    if (UPLOADS.has(request.path) && sameOrigin && request.is('multipart/form-data')) return next();
    if (ONE_CLICK.test(request.path)) return next();
    if (hasBody && !request.is('application/json')) {
      response.status(415).json({ error: 'Le contenu doit être envoyé au format JSON.' } satisfies ApiErrorBody);
      return;
    }
    next();
  };
}

const THIS_SITE_ONLY = 'hsa:this-site-only';

/**
 * Refuses a read (GET) that does something when another site's page asks for it, as a change is refused: one that
 * writes a consultation in the audit trail or starts a job. A link, a picture or a frame of any page sends it with the
 * visitor's cookie (`Sec-Fetch-Site: cross-site`); the product's own pages send `same-origin`, an address typed or
 * bookmarked `none`. `same-site` is refused too, as for changes: no page of the product lives on another origin.
 */
export const ThisSiteOnly = () => SetMetadata(THIS_SITE_ONLY, true);

/** The global guard of `@ThisSiteOnly()`: 403 `{"error":"Forbidden"}`, like a cross-site change. */
@Injectable()
export class ThisSiteOnlyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.get<boolean | undefined>(THIS_SITE_ONLY, context.getHandler())) return true;
    if (fromAnotherSite(context.switchToHttp().getRequest<Request>(), this.config.publicUrl)) throw new ForbiddenException();
    return true;
  }
}
