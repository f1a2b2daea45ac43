import { describe, expect, it } from 'vitest';
import { homeFor, isAllowed, landingAfterLogin, loginPath, matchesPattern, safeReturnPath } from './pages.js';

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

  it('takes a page of this site to come back to after logging in, never another site', () => {
    expect(safeReturnPath('/residences/les-pins')).toBe('/residences/les-pins');
    expect(safeReturnPath('/residences?commune=Anglet&typologie=T2#liste')).toBe('/residences?commune=Anglet&typologie=T2#liste');
    expect(safeReturnPath('/admin/liste-des-dossiers/12')).toBe('/admin/liste-des-dossiers/12');
    for (const hostile of [
      '//evil.example',
      '//evil.example/residences',
      'https://evil.example',
      'https://evil.example/residences',
      'http:/evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '/\\/evil.example',
      '\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /residences',
      'residences',
      '',
      '/login',
      '/login?retour=%2Fresidences',
      '/residences/../login',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(safeReturnPath(hostile), hostile).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('asks the login page to come back to the page it was sent from', () => {
    expect(loginPath('/mes-identifiants')).toBe('/login?retour=%2Fmes-identifiants');
    expect(loginPath('/residences?commune=Anglet')).toBe('/login?retour=%2Fresidences%3Fcommune%3DAnglet');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath(undefined)).toBe('/login');
  });

  it('leads back to that page when the new session may open it, else to the roles’ landing', () => {
    const customer = ['/', '/residences', '/mes-identifiants', '/mon-compte-hsa-lli'];
    expect(landingAfterLogin('/mon-compte-hsa-lli', customer, '/')).toBe('/mon-compte-hsa-lli');
    expect(landingAfterLogin('/residences?commune=Anglet', customer, '/')).toBe('/residences?commune=Anglet');
    expect(landingAfterLogin('/admin/accueil', customer, '/')).toBe('/');
    expect(landingAfterLogin('//evil.example', ['/admin/accueil'], '/admin/accueil')).toBe('/admin/accueil');
    expect(landingAfterLogin('https://evil.example', customer, '/')).toBe('/');
    expect(landingAfterLogin('/\\evil.example', customer, '/')).toBe('/');
    expect(landingAfterLogin(null, ['/gestion/recommandations'], '/gestion/recommandations')).toBe('/gestion/recommandations');
  });
});
