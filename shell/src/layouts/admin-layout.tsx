import { NavLink, Outlet } from 'react-router';
import { Logo } from '../components/logo.js';
import { MessageArea } from '../components/message-area.js';

/** Entries of the back-office menu whose screens exist; the others join as their screens are built. */
const ADMIN_MENU = [{ to: '/admin/accueil', label: 'Accueil', iconOnly: true }];

export function AdminLayout() {
  return (
    <div className="shell-admin">
      <header className="shell-admin__bar">
        <Logo />
        <nav aria-label="Menu d'administration">
          <ul>
            {ADMIN_MENU.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} aria-label={entry.iconOnly ? entry.label : undefined}>
                  {entry.iconOnly ? <span aria-hidden="true">⌂</span> : entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="shell-admin__main">
        <MessageArea />
        <Outlet />
      </main>
    </div>
  );
}
