import { Link, useLoaderData } from 'react-router';
import type { ResidenceSummary } from '@hsa-lli/common/domain';
import { load } from '../../lib/api.js';
import { SOCIAL_ACCESSION_URL } from '../../lib/links.js';
import { ResidenceCard } from '../../components/residence-card.js';
import '../../components/residences.css';
import './home.css';

export async function homeLoader({ request }: { request: Request }) {
  const { data } = await load<{ data: ResidenceSummary[] }>('/front/residences/list', {}, request);
  return data;
}

export function HomePage() {
  const residences = useLoaderData<typeof homeLoader>();
  return (
    <>
      <section className="home-hero">
        <div className="home-hero__text">
          <h1>Se loger entre océan et montagne, à un loyer maîtrisé</h1>
          <p>
            Nous proposons des logements locatifs intermédiaires sur la côte basque et dans le sud des Landes : des
            appartements neufs ou récents, aux loyers plafonnés, pour les ménages dont les revenus dépassent les plafonds du
            logement social.
          </p>
          <div className="home-hero__actions">
            <Link to="/residences" className="ui-button">
              Découvrir nos résidences
            </Link>
            <Link to="/tester-mon-eligibilite" className="ui-button ui-button--secondary">
              Tester mon éligibilité
            </Link>
          </div>
        </div>
      </section>
      <section className="ui-page home-steps" aria-labelledby="home-how">
        <h2 id="home-how">Comment louer un logement intermédiaire</h2>
        <ol>
          <li>
            <strong>Vérifiez vos revenus.</strong> Le logement intermédiaire est ouvert aux ménages dont le revenu fiscal de référence
            ne dépasse pas un plafond fixé par l'État. <Link to="/tester-mon-eligibilite">Faites le test en une minute.</Link>
          </li>
          <li>
            <strong>Choisissez une résidence.</strong> Nos logements se trouvent sur la côte basque et dans le sud des Landes, du studio
            au T5, avec des loyers inférieurs à ceux du marché.
          </li>
          <li>
            <strong>Déposez votre demande.</strong> <Link to="/nous-contacter">Contactez-nous</Link> : nous vous ouvrons un espace pour
            déposer vos pièces justificatives en toute sécurité.
          </li>
        </ol>
      </section>
      <section className="ui-page" aria-labelledby="home-residences">
        <h2 id="home-residences">Nos résidences</h2>
        <ul className="residence-list">
          {residences.map((residence) => (
            <ResidenceCard key={residence.id} residence={residence} />
          ))}
        </ul>
        <p>
          <Link to="/residences" className="ui-button">
            Voir toutes les résidences et filtrer
          </Link>
        </p>
        <p className="home-accession">
          Vous préférez acheter ? Renseignez-vous sur <a href={SOCIAL_ACCESSION_URL} rel="noopener">l'accession sociale à la propriété</a>.
        </p>
      </section>
    </>
  );
}
