import { NavLink } from 'react-router';

/** Account navigation by role (spec section 2). */
export function accountLinks(roles: readonly string[]): { to: string; label: string }[] {
  if (roles.includes('customer')) {
    return [
      { to: '/mes-identifiants', label: 'Mes identifiants' },
      { to: '/mon-compte-hsa-lli', label: 'Mes informations' },
      { to: '/mon-compte-hsa-lli/mon-dossier', label: 'Mes pièces justificatives' },
    ];
  }
  if (roles.includes('admin') || roles.includes('hsa')) return [{ to: '/admin/accueil', label: 'Accueil' }];
  return [];
}

export function AccountLinks({ roles }: { roles: readonly string[] }) {
  const links = accountLinks(roles);
  if (links.length === 0) return null;
  return (
    <nav aria-label="Mon compte">
      <ul className="shell-account-links">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
