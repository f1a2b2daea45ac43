import { join, normalize } from 'node:path';

/** Sent with the prerenderer's requests: the server answers them with the bare shell, never a prerendered page. */
export const PRERENDER_HEADER = 'x-hsa-prerender';
/** Part of the prerenderer's user agent: the page refuses cookies on its own and loads no analytics. */
export const PRERENDER_AGENT = 'HSA-Prerender';

/** Where the HTML of a public path is kept: `/` → index.html, `/residences/x` → residences/x.html. */
export function prerenderedFile(dataDir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const clean = normalize(decoded).replace(/\/+$/, '');
  if (clean.includes('..') || !/^[/a-z0-9._-]*$/i.test(clean)) return null;
  return join(dataDir, 'prerender', clean === '' ? 'index.html' : `${clean}.html`);
}

/**
 * Keeps the captured page without the scripts it loaded while running: the shell's loader (the one
 * inline script kept) loads them again, once the page is painted.
 */
export function cleanCapturedHtml(html: string): string {
  return html
    .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '')
    .replace(/<script\b(?![^>]*\bid="shell-(?:loader|scripts)")[^>]*>[\s\S]*?<\/script>/g, '')
    // The page says it is complete only once it has come alive again in the visitor's browser.
    .replace(/\sdata-rendered="[^"]*"/, '')
    .replace('<html', '<html data-prerendered="true"');
}
