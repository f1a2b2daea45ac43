import { NavLink, Outlet } from 'react-router';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { Banners } from './banners.js';
import { Logo } from '../components/logo.js';
import { MessageArea } from '../components/message-area.js';
import { UserMenu } from '../features/account/user-menu.js';

/** The back-office menu; an entry shows only if the server allows its page (spec section 2). */
const ADMIN_MENU = [
  { to: '/admin/accueil', label: 'Accueil', iconOnly: true },
  { to: '/admin/liste-des-dossiers', label: 'Dossiers' },
  { to: '/admin/demandes-de-contact', label: 'Demandes de contact' },
  { to: '/admin/liste-des-residences', label: 'Résidences' },
  { to: '/admin/liste-des-biens', label: 'Biens' },
  { to: '/admin/liste-des-equipements', label: 'Équipements' },
  { to: '/admin/liste-des-utilisateurs', label: 'Utilisateurs' },
];

export function AdminLayout() {
  const { pages } = useAppSelector(selectPages);
  return (
    <div className="shell-admin">
      <Banners />
      <header className="shell-admin__bar">
        <Logo />
        <nav aria-label="Menu d'administration" className="shell-admin__menu">
          <ul>
            {ADMIN_MENU.filter((entry) => pages.includes(entry.to)).map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} aria-label={entry.iconOnly ? entry.label : undefined}>
                  {entry.iconOnly ? <span aria-hidden="true">⌂</span> : entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <UserMenu />
      </header>
      <main className="shell-admin__main">
        <MessageArea />
        <Outlet />
      </main>
    </div>
  );
}
