import { describe, expect, it } from 'vitest';
import { remoteForPath } from './areas.js';
import {
  PAGE_CATALOGUE,
  accountLinks,
  adminMenu,
  holdsLinkSecret,
  pageOpenTo,
  pagesOpenTo,
  remoteLayout,
  robotsDisallowed,
  sitemapPages,
} from './page-catalogue.js';
import { homeFor } from './pages.js';

describe('page catalogue', () => {
  it('holds each pattern once', () => {
    const patterns = PAGE_CATALOGUE.map((page) => page.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("gives each remote's page to the remote the shell loads for its paths, in the remote's one layout", () => {
    for (const page of PAGE_CATALOGUE) {
      if (page.owner === 'shell') continue;
      expect({ pattern: page.pattern, owner: remoteForPath(page.pattern) }).toEqual({ pattern: page.pattern, owner: page.owner });
      expect({ pattern: page.pattern, layout: page.layout }).toEqual({ pattern: page.pattern, layout: remoteLayout(page.owner) });
    }
    expect([remoteLayout('mf_admin'), remoteLayout('mf_pdf'), remoteLayout('mf_account')]).toEqual(['admin', 'pdf', 'public']);
  });

  it('lands every role on a page it may open', () => {
    for (const role of ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer']) {
      expect(pagesOpenTo([role])).toContain(homeFor([role]));
    }
  });

  it('opens a page, and so its API routes, to its roles only', () => {
    expect(pageOpenTo('/admin/liste-des-utilisateurs/nouvel-utilisateur', ['admin'])).toBe(true);
    expect(pageOpenTo('/admin/liste-des-utilisateurs/nouvel-utilisateur', ['hsa'])).toBe(false);
    expect(pageOpenTo('/admin/demandes-de-contact/[id]', ['coordinator'])).toBe(true);
    expect(pageOpenTo('/admin/accueil', ['coordinator'])).toBe(true);
    expect(pageOpenTo('/admin/accueil', [])).toBe(false);
    expect(pageOpenTo('/login', [])).toBe(true);
    expect(pageOpenTo('/admin/inconnue', ['admin'])).toBe(false);
  });

  it('shows a menu entry or an account link only for a page the session is sent', () => {
    expect(adminMenu(pagesOpenTo(['coordinator']))).toEqual([
      { to: '/admin/accueil', label: 'Accueil', iconOnly: true },
      { to: '/admin/liste-des-dossiers', label: 'Dossiers', iconOnly: false },
      { to: '/admin/demandes-de-contact', label: 'Demandes de contact', iconOnly: false },
      { to: '/admin/visites', label: 'Visites', iconOnly: false },
      { to: '/admin/comites', label: 'Comités', iconOnly: false },
    ]);
    expect(adminMenu(pagesOpenTo(['comitee']))).toEqual([]);
    expect(adminMenu([])).toEqual([]);
    expect(accountLinks(['customer'], pagesOpenTo(['customer'])).map((link) => link.label)).toEqual(['Mes identifiants', 'Mes informations', 'Mes pièces justificatives']);
    expect(accountLinks(['hsa'], pagesOpenTo(['hsa']))).toEqual([{ to: '/admin/accueil', label: 'Accueil', iconOnly: false }]);
    // Every role with an area of its own reaches it from « Mon compte » and the side panel (issue 22).
    expect(accountLinks(['coordinator'], pagesOpenTo(['coordinator']))).toEqual([{ to: '/admin/accueil', label: 'Accueil', iconOnly: false }]);
    for (const role of ['comitee', 'member']) {
      expect(accountLinks([role], pagesOpenTo([role]))).toEqual([{ to: '/gestion/recommandations', label: 'Recommandations', iconOnly: false }]);
    }
    expect(accountLinks(['admin'], ['/'])).toEqual([]);
  });

  it('lists fixed public pages in the sitemap and keeps private ones from crawlers', () => {
    expect(sitemapPages()).toEqual([
      '/',
      '/residences',
      '/tester-mon-eligibilite',
      '/mentions-legales',
      '/reglement-general-sur-la-protection-des-donnees-personnelles',
      '/nous-contacter',
    ]);
    expect(robotsDisallowed()).toEqual([
      '/alertes/confirmation/',
      '/alertes/gerer/',
      '/visites/',
      '/creation-de-compte/',
      '/mot-de-passe-oublie/nouveau-mot-de-passe/',
      '/mes-identifiants',
      '/mon-compte-hsa-lli',
      '/deversement-de-pieces/',
      '/admin/',
      '/PDF/',
      '/gestion/',
    ]);
  });

  it('knows the pages whose address holds a link’s secret, from their patterns', () => {
    for (const path of [
      '/creation-de-compte/Zk3_secret',
      '/mot-de-passe-oublie/nouveau-mot-de-passe/Zk3_secret',
      '/mes-identifiants/nouvelle-adresse/Zk3_secret',
      '/alertes/confirmation/Zk3_secret',
      '/alertes/gerer/12_Zk3_secret',
      '/visites/12_Zk3_secret',
      '/deversement-de-pieces/12/Zk3_secret',
    ]) {
      expect({ path, secret: holdsLinkSecret(path) }).toEqual({ path, secret: true });
    }
    for (const path of ['/', '/creation-de-compte', '/mes-identifiants', '/residences/arrosa/t2/12', '/admin/liste-des-biens/12', '/deversement-de-pieces/12']) {
      expect({ path, secret: holdsLinkSecret(path) }).toEqual({ path, secret: false });
    }
  });
});
