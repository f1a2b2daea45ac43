import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { PagePattern } from '@hsa-lli/common/domain';
import { selectRoles, useAppSelector } from '@hsa-lli/common/store';
import { SidePanel } from '../features/account/side-panel.js';
import { Logo } from '../components/logo.js';

const MAIN_NAVIGATION = [
  { to: '/', label: 'Accueil' },
  { to: '/residences', label: 'Nos résidences' },
  { to: '/tester-mon-eligibilite', label: 'Tester mon éligibilité', visitorsOnly: true },
  { to: '/nous-contacter', label: 'Nous contacter' },
  { to: '/mot-de-passe-oublie', label: 'Mot de passe oublié' },
  { to: '/mentions-legales', label: 'Mentions légales' },
] satisfies { to: PagePattern; label: string; visitorsOnly?: boolean }[];

export function Header() {
  const { pathname } = useLocation();
  const roles = useAppSelector(selectRoles);
  // The menu and the panel stay open on the page they were opened on: any route change closes them.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [panelOpenOn, setPanelOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <header className="shell-header">
      <div className="shell-header__bar">
        <button
          type="button"
          className="shell-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <Logo />
        <button type="button" className="ui-button shell-header__space" aria-haspopup="dialog" onClick={() => setPanelOpenOn(pathname)}>
          Mon espace
        </button>
      </div>
      <nav id="main-navigation" className={`shell-nav${menuOpen ? ' shell-nav--open' : ''}`} aria-label="Navigation principale">
        <ul>
          {MAIN_NAVIGATION.filter((item) => !item.visitorsOnly || roles.length === 0).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SidePanel open={panelOpenOn === pathname} onClose={() => setPanelOpenOn(null)} />
    </header>
  );
}
