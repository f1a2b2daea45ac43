import { Link } from 'react-router';

export function CredentialsPage() {
  return (
    <section className="ui-page">
      <h1>Mes identifiants</h1>
      <p>Retrouvez ici l'adresse e-mail de connexion à votre espace et modifiez votre mot de passe.</p>
      <p>
        <Link to="/login" className="ui-button">
          Me connecter
        </Link>
      </p>
    </section>
  );
}
