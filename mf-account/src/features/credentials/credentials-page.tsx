import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MeAnswer } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import './credentials.css';

export async function credentialsLoader({ request }: LoaderFunctionArgs) {
  const { user } = await http.post<MeAnswer>('/users/get-me', undefined, { controller: request, minDuration: 0 });
  return user;
}

/** The logged-in user's sign-in e-mail; changing it or the password here comes with the customer space. */
export function CredentialsPage() {
  const user = useLoaderData<typeof credentialsLoader>();
  return (
    <section className="ui-page">
      <h1>Mes identifiants</h1>
      <p>Retrouvez ici l'adresse e-mail de connexion à votre espace.</p>
      <dl className="ui-card credentials">
        <dt>Nom</dt>
        <dd>
          {user.first_name} {user.last_name}
        </dd>
        <dt>Adresse e-mail de connexion</dt>
        <dd>{user.email}</dd>
      </dl>
      <p>
        Pour changer de mot de passe, recevez un lien par e-mail : <Link to="/mot-de-passe-oublie">changer mon mot de passe</Link>.
      </p>
    </section>
  );
}
