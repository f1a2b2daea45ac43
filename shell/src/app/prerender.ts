/** Whether this page is being rendered by the prerenderer (see api/src/seo/prerender.service.ts). */
export function isPrerendering(): boolean {
  return navigator.userAgent.includes('HSA-Prerender') || (window as { __PRERENDER__?: boolean }).__PRERENDER__ === true;
}
