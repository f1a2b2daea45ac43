import { NavLink, useLocation } from 'react-router';
import { accountLinks } from '../domain/page-catalogue.js';
import { selectPages, selectRoles, useAppSelector } from '../store/index.js';

/**
 * The account navigation of the session's roles (spec section 2, with the coordinator's and the committee's areas), to
 * the pages the server lets it open: in the side panel, and on « Mes identifiants », where « Mon compte » leads every
 * role. `others` leaves out the page it is shown on.
 */
export function AccountLinks({ label = 'Mon compte', className, others = false }: { label?: string; className?: string; others?: boolean }) {
  const roles = useAppSelector(selectRoles);
  const { pages } = useAppSelector(selectPages);
  const { pathname } = useLocation();
  const links = accountLinks(roles, pages).filter((link) => !others || link.to !== pathname);
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className={className}>
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
