/**
 * Whether the page is being rendered by the prerenderer (api/src/seo/prerender.service.ts marks its browser so): what
 * a page loads for the visitor only (their consent, a good's visit slots) is never written into the HTML kept for
 * everyone.
 */
export function isPrerendering(): boolean {
  return navigator.userAgent.includes('HSA-Prerender') || (window as { __PRERENDER__?: boolean }).__PRERENDER__ === true;
}
