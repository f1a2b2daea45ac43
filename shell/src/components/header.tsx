import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from './logo.js';

export const MAIN_NAVIGATION = [
  { to: '/', label: 'Accueil' },
  { to: '/residences', label: 'Nos résidences' },
  { to: '/tester-mon-eligibilite', label: 'Tester mon éligibilité' },
  { to: '/nous-contacter', label: 'Nous contacter' },
  { to: '/mot-de-passe-oublie', label: 'Mot de passe oublié' },
  { to: '/mentions-legales', label: 'Mentions légales' },
];

export function Header() {
  const { pathname } = useLocation();
  // The menu stays open on the page it was opened on: any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <header className="shell-header">
      <div className="shell-header__bar">
        <button
          type="button"
          className="shell-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <Logo />
        <Link to="/login" className="ui-button shell-header__space">
          Mon espace
        </Link>
      </div>
      <nav id="main-navigation" className={`shell-nav${menuOpen ? ' shell-nav--open' : ''}`} aria-label="Navigation principale">
        <ul>
          {MAIN_NAVIGATION.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
