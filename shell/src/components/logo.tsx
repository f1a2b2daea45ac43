import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="shell-logo">
      <span className="shell-logo__mark">HSA</span>
      <span className="shell-logo__text">Logement intermédiaire</span>
      <span className="ui-visually-hidden">, accueil</span>
    </Link>
  );
}
