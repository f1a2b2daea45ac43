import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="shell-logo" aria-label="HSA Logement intermédiaire, accueil">
      <span className="shell-logo__mark" aria-hidden="true">HSA</span>
      <span className="shell-logo__text">Logement intermédiaire</span>
    </Link>
  );
}
