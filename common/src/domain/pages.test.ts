import { describe, expect, it } from 'vitest';
import { homeFor, isAllowed, matchesPattern } from './pages.js';

describe('page patterns', () => {
  it('treats bracket segments as any one segment', () => {
    expect(matchesPattern('/admin/liste-des-dossiers/[id]', '/admin/liste-des-dossiers/42')).toBe(true);
    expect(matchesPattern('/admin/liste-des-dossiers/[id]', '/admin/liste-des-dossiers')).toBe(false);
    expect(matchesPattern('/admin/liste-des-dossiers/[id]', '/admin/liste-des-dossiers/42/edit')).toBe(false);
    expect(matchesPattern('/residences/[slug]/[good_slug]/[id]', '/residences/les-pins/t3-66-m2/7')).toBe(true);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/admin/accueil', '/admin/accueil/')).toBe(true);
    expect(matchesPattern('/admin/accueil', '/admin/accueil?onglet=1')).toBe(true);
    expect(matchesPattern('/admin/accueil', '/admin/Accueil')).toBe(false);
    expect(matchesPattern('/mentions-legales', '/mentions-l%E9gales%')).toBe(false);
  });

  it('allows a path only when a listed pattern matches it', () => {
    const pages = ['/', '/login', '/admin/accueil', '/PDF/note-de-direction/[id]'];
    expect(isAllowed(pages, '/PDF/note-de-direction/3')).toBe(true);
    expect(isAllowed(pages, '/admin/liste-des-utilisateurs')).toBe(false);
    expect(isAllowed([], '/')).toBe(false);
  });

  it('lands each role where the spec says', () => {
    expect(homeFor(['admin'])).toBe('/admin/accueil');
    expect(homeFor(['coordinator'])).toBe('/admin/accueil');
    expect(homeFor(['comitee'])).toBe('/gestion/recommandations');
    expect(homeFor(['member'])).toBe('/gestion/recommandations');
    expect(homeFor(['hsa'])).toBe('/');
    expect(homeFor(['customer'])).toBe('/');
    expect(homeFor(['member', 'admin'])).toBe('/admin/accueil');
  });
});
