import { NavLink } from 'react-router';
import { accountLinks } from '@hsa-lli/common/domain';
import { selectPages, useAppSelector } from '@hsa-lli/common/store';

/** The account navigation of the session's roles, to the pages the server lets it open (spec section 2). */
export function AccountLinks({ roles }: { roles: readonly string[] }) {
  const { pages } = useAppSelector(selectPages);
  const links = accountLinks(roles, pages);
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
