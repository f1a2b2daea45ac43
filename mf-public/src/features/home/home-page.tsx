import { Link, useLoaderData } from 'react-router';
import { formatCents, type ResidenceSummary } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import './home.css';

export async function homeLoader({ request }: { request: Request }) {
  const { data } = await http.get<{ data: ResidenceSummary[] }>('/front/residences', undefined, { controller: request, minDuration: 0 });
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
      <section className="ui-page" aria-labelledby="home-residences">
        <h2 id="home-residences">Nos résidences</h2>
        <ul className="home-residences">
          {residences.map((residence) => {
            const photo = residence.photos[0];
            return (
              <li key={residence.id} className="ui-card">
                {photo && <img src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" />}
                <div className="home-residences__body">
                  <h3>
                    <Link to={`/residences/${residence.slug}`}>{residence.name}</Link>
                  </h3>
                  <p>
                    {residence.city.label} ({residence.city.zip_code})
                    {residence.neighborhood ? ` — ${residence.neighborhood}` : ''}
                  </p>
                  <p className="home-residences__offer">
                    {residence.goods_count === 0
                      ? 'Aucun logement disponible pour le moment'
                      : `${residence.goods_count} logement${residence.goods_count > 1 ? 's' : ''}${
                          residence.min_rent_price_cents === null ? '' : ` à partir de ${formatCents(residence.min_rent_price_cents)} par mois charges comprises`
                        }`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
