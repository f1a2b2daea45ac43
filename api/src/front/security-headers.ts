import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

/** Headers every answer carries: no MIME sniffing, no framing by other sites, no full URL in referrers. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

const BASELINE_ENTRIES = Object.entries(BASELINE_HEADERS);

/** Browsers keep to HTTPS for a year once they have seen it; never sent to localhost, which has no certificate. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The headers every answer carries, for a request to `hostname` (the Host it names, without its port). */
export function setSecurityHeaders(response: ServerResponse, hostname: string | undefined): void {
  for (const [name, value] of BASELINE_ENTRIES) response.setHeader(name, value);
  if (!LOCAL_HOSTS.has(hostname ?? '')) response.setHeader('Strict-Transport-Security', HSTS);
}

export function securityHeaders(request: Request, response: Response, next: NextFunction): void {
  setSecurityHeaders(response, request.hostname);
  next();
}

/** A Host header's name without its port, as Express reads it (`request.hostname`): `[::1]:3000` is `[::1]`. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const colon = host.indexOf(':', host.startsWith('[') ? host.indexOf(']') + 1 : 0);
  return colon === -1 ? host : host.slice(0, colon);
}

/** The one inline script of the shell's page: the loader that starts the application after the first paint. */
const LOADER = /<script id="shell-loader">([\s\S]*?)<\/script>/;

/** The CSP source that allows the shell's loader: the SHA-256 of its text. */
export function loaderSource(indexHtml: string): string {
  const loader = LOADER.exec(indexHtml)?.[1];
  if (loader === undefined) throw new Error("The shell's page has no loader script");
  return `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
}

/** Reads the loader's hash from the shell's built page, again only when the page was rebuilt. */
export function shellLoaderSource(shellIndex: string): () => string {
  let cached: { mtimeMs: number; source: string } | null = null;
  return () => {
    const { mtimeMs } = statSync(shellIndex);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, source: loaderSource(readFileSync(shellIndex, 'utf8')) };
    return cached.source;
  };
}

export interface PolicyOrigins {
  /** Origins of remotes deployed elsewhere than this origin (their manifests and scripts). */
  remotes: string[];
  /** Origin of the audience-measurement script, when there is one. */
  analytics: string | null;
}

/**
 * The Content-Security-Policy of every page: scripts from this origin, the remotes' and the
 * analytics' only, plus the loader by its hash — no inline script, no eval; styles may be inline
 * (the pages' styles are injected as style elements).
 */
export function contentSecurityPolicy(loader: string, { remotes, analytics }: PolicyOrigins): string {
  const others = [...new Set([...remotes, ...(analytics ? [analytics] : [])])];
  const list = (...sources: string[]) => [...sources, ...others].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", loader)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:')}`,
    "font-src 'self'",
    `connect-src ${list("'self'")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The origin of an absolute URL, or null for a path on this origin. */
export function originOf(url: string): string | null {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
}
