import { NavLink, Outlet } from 'react-router';
import { adminMenu } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';
import { Banners } from './banners.js';
import { Logo } from '../components/logo.js';
import { MessageArea } from '../components/message-area.js';
import { UserMenu } from '../features/account/user-menu.js';

export function AdminLayout() {
  const { pages } = useAppSelector(selectPages);
  return (
    <div className="shell-admin">
      <Banners />
      <header className="shell-admin__bar">
        <Logo />
        <nav aria-label="Menu d'administration" className="shell-admin__menu">
          <ul>
            {adminMenu(pages).map((entry) => (
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
