import type { PageMeta } from '@hsa-lli/common/domain';

export const SITE_NAME = 'HSA Logement intermédiaire';
const DEFAULT_DESCRIPTION =
  "Logements locatifs intermédiaires neufs et récents sur la côte basque et dans le sud des Landes, à loyers plafonnés : résidences, test d'éligibilité et demande de logement.";

/** The site's public address: given to the prerenderer, else the address the page was loaded from. */
function publicOrigin(): string {
  return (window as { __PUBLIC_URL__?: string }).__PUBLIC_URL__ ?? window.location.origin;
}

function meta(kind: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector(`meta[${kind}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(kind, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
}

function canonical(url: string): void {
  let element = document.head.querySelector('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.setAttribute('rel', 'canonical');
    document.head.append(element);
  }
  element.setAttribute('href', url);
}

/** Title, description, canonical address and Open Graph tags of the page shown. */
export function applyHead(page: PageMeta, pathname: string): void {
  const title = page.title ? `${page.title} | ${SITE_NAME}` : SITE_NAME;
  const description = page.description ?? DEFAULT_DESCRIPTION;
  const url = publicOrigin() + (pathname === '/' ? '/' : pathname.replace(/\/$/, ''));
  document.title = title;
  meta('name', 'description', description);
  canonical(url);
  meta('property', 'og:type', 'website');
  meta('property', 'og:locale', 'fr_FR');
  meta('property', 'og:site_name', SITE_NAME);
  meta('property', 'og:title', page.title ?? SITE_NAME);
  meta('property', 'og:description', description);
  meta('property', 'og:url', url);
  if (page.image) meta('property', 'og:image', publicOrigin() + page.image);
  else document.head.querySelector('meta[property="og:image"]')?.remove();
}
