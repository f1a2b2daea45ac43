import { useState } from 'react';
import { useLocation } from 'react-router';
import { selectSession, useAppSelector } from '@hsa-lli/common/store';
import { AccountLinks, Loader, Modal } from '@hsa-lli/common/ui';
import { LoginForm } from '../../components/login-form.js';
import { useLogout } from './use-logout.js';

function titleFor(roles: readonly string[], showingForm: boolean): string {
  if (showingForm) return 'Connexion';
  if (roles.includes('admin') || roles.includes('hsa')) return 'Intranet';
  return 'Mon espace';
}

/**
 * The panel behind 'Mon espace': the login form for visitors, the account links and logout otherwise. Logging in here
 * comes back to the page the panel was opened on, except from the site's home, which leads to the roles' landing path.
 */
export function SidePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useAppSelector(selectSession);
  const { pathname, search, hash } = useLocation();
  const [formShown, setFormShown] = useState(false);
  const { logout, pending } = useLogout();
  const authenticated = session.status === 'authenticated';
  const showingForm = !authenticated && formShown;
  const close = () => {
    setFormShown(false);
    onClose();
  };

  return (
    <Modal open={open} title={titleFor(session.roles, showingForm)} onClose={close} className="shell-panel">
      {authenticated ? (
        <>
          <AccountLinks className="shell-account-links" />
          <button type="button" className="ui-button ui-button--secondary" onClick={() => void logout()} disabled={pending}>
            Déconnexion
          </button>
          <Loader active={pending} label="Déconnexion en cours" />
        </>
      ) : showingForm ? (
        <LoginForm formName="login-panel" returnTo={pathname === '/' ? null : `${pathname}${search}${hash}`} onDone={close} />
      ) : (
        <>
          <p>Vous n'êtes pas connecté(e).</p>
          <button type="button" className="ui-button" onClick={() => setFormShown(true)}>
            Me connecter
          </button>
        </>
      )}
    </Modal>
  );
}
