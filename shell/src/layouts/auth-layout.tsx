import { Link, Outlet } from 'react-router';
import { Banners } from './banners.js';
import { Logo } from '../components/logo.js';
import { MessageArea } from '../components/message-area.js';

/** Left panel with the logo and a way back to the site; a background picture on the right. */
export function AuthLayout() {
  return (
    <div className="shell-auth">
      <main className="shell-auth__panel">
        <Banners />
        <Logo />
        <Link to="/" className="shell-auth__back">
          ← Retour au site
        </Link>
        <MessageArea />
        <Outlet />
      </main>
      <div className="shell-auth__picture" aria-hidden="true" />
    </div>
  );
}
