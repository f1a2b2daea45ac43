import { Link, useLocation } from 'react-router';
import { selectRoles, useAppSelector } from '@hsa-lli/common/store';
import { Loader } from '@hsa-lli/common/ui';
import { useLogout } from './use-logout.js';

/** 'Mon compte' (not on the account page itself) and 'Déconnexion', for a user with at least one role. */
export function UserMenu() {
  const roles = useAppSelector(selectRoles);
  const { pathname } = useLocation();
  const { logout, pending } = useLogout();
  if (roles.length === 0) return null;
  return (
    <nav aria-label="Menu utilisateur" className="shell-user-menu">
      {pathname !== '/mes-identifiants' && <Link to="/mes-identifiants">Mon compte</Link>}
      <button type="button" className="ui-button ui-button--secondary" onClick={() => void logout()} disabled={pending}>
        Déconnexion
      </button>
      <Loader active={pending} label="Déconnexion en cours" />
    </nav>
  );
}
