import { Link, useLocation, useRouteError } from 'react-router';
import { useEffect } from 'react';

/** The generic error page, for an error no other page handles. */
export function ErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => console.error(error), [error]);
  const home = pathname.startsWith('/admin') ? '/admin/accueil' : '/';
  return (
    <main className="ui-page shell-status">
      <h1>Erreur</h1>
      <p>Une erreur imprévue est survenue</p>
      <Link to={home} className="ui-button" reloadDocument>
        Retour à l'accueil
      </Link>
    </main>
  );
}
