import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="ui-page shell-status">
      <h1>Page introuvable</h1>
      <p>Cette page n'existe pas.</p>
      <Link to="/" className="ui-button">
        Retour à l'accueil
      </Link>
    </section>
  );
}
