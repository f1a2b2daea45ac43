import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isAllowed, loginPath } from '@hsa-lli/common/domain';
import { selectPages, selectSession, useAppSelector } from '@hsa-lli/common/store';

/** The frame of the error pages: a title, a message, a way out. */
function StatusPage({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="ui-page shell-status">
      <h1>{title}</h1>
      {children}
      {action}
    </section>
  );
}

/**
 * « Retour à l'accueil » leads to a page the session may open: from the back office, its dashboard,
 * else the session's own home; otherwise (and from elsewhere) the site's home.
 */
function HomeLink({ reload = false }: { reload?: boolean }) {
  const { pathname } = useLocation();
  const { pages } = useAppSelector(selectPages);
  const session = useAppSelector(selectSession);
  const candidates = pathname.startsWith('/admin') ? ['/admin/accueil', session.home] : [];
  const home = candidates.find((path) => isAllowed(pages, path)) ?? '/';
  return (
    <Link to={home} className="ui-button" reloadDocument={reload}>
      Retour à l'accueil
    </Link>
  );
}

/** Any path no route answers. */
export function UnknownPathPage() {
  return (
    <StatusPage title="Page introuvable" action={<HomeLink />}>
      <p>Cette page n'existe pas.</p>
    </StatusPage>
  );
}

/** 404: a detail, record, PDF or link the server does not know. */
export function NotFoundPage({ message }: { message?: string }) {
  return (
    <StatusPage title="Page introuvable" action={<HomeLink />}>
      <p>{message ?? "Nous n'avons pas pu trouver la page demandée."}</p>
    </StatusPage>
  );
}

/** 401: a page the session may not open; the login page, when offered, leads back here. */
export function AccessDeniedPage({ message, loginLink }: { message: string; loginLink: boolean }) {
  const { pathname, search, hash } = useLocation();
  return (
    <StatusPage
      title="Accès refusé"
      action={
        loginLink ? (
          <Link to={loginPath(`${pathname}${search}${hash}`)} className="ui-button">
            Page de connexion
          </Link>
        ) : (
          <HomeLink />
        )
      }
    >
      <p>{message}</p>
    </StatusPage>
  );
}

/** 503: the list of pages could not be had, even after a retry. */
export function UnavailablePage() {
  return (
    <StatusPage
      title="Page inaccessible"
      action={
        <button type="button" className="ui-button" onClick={() => window.location.reload()}>
          Recharger
        </button>
      }
    >
      <p>Nous ne sommes pas en mesure d'afficher la page que vous demandez.</p>
    </StatusPage>
  );
}

/** Anything else that went wrong. */
export function ErrorPage() {
  return (
    <StatusPage title="Erreur" action={<HomeLink reload />}>
      <p>Une erreur imprévue est survenue</p>
    </StatusPage>
  );
}
