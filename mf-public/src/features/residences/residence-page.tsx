import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatCents, formatDate, formatSurface, goodPath, type ResidenceDetails } from '@hsa-lli/common/domain';
import { ResidencesMap } from '../../components/map/residences-map.js';
import { PhotoGallery } from '../../components/photo-gallery.js';
import { ResponsiveImage } from '../../components/responsive-image.js';
import { load } from '../../lib/api.js';
import { advantageLabel, availability, certificationLabel, flatSizeLabel } from '../../lib/labels.js';
import '../../components/residences.css';

export async function residenceLoader({ params, request }: LoaderFunctionArgs) {
  const { residence } = await load<{ residence: ResidenceDetails }>('/front/residences/details', { slug: params.slug }, request);
  return residence;
}

export function ResidencePage() {
  const residence = useLoaderData<typeof residenceLoader>();
  return (
    <article className="ui-page residence">
      <p className="breadcrumb">
        <Link to="/residences">Nos résidences</Link> › {residence.name}
      </p>
      <h1>{residence.name}</h1>
      <p className="residence__place">
        {residence.city.label} ({residence.city.zip_code}){residence.neighborhood ? ` — quartier ${residence.neighborhood}` : ''}
      </p>
      <div className="residence__top">
        <PhotoGallery images={residence.photos} label={`Photos de la résidence ${residence.name}`} />
        <aside className="ui-card residence__facts">
          <dl>
            <dt>Adresse</dt>
            <dd>
              {residence.address_line_1}
              {residence.address_line_2 && <br />}
              {residence.address_line_2}
            </dd>
            {residence.delivery_date && (
              <>
                <dt>Livraison</dt>
                <dd>{formatDate(residence.delivery_date)}</dd>
              </>
            )}
            {residence.limit_date && (
              <>
                <dt>Candidatures jusqu'au</dt>
                <dd>{formatDate(residence.limit_date)}</dd>
              </>
            )}
          </dl>
          {residence.advantages.length > 0 && (
            <ul className="residence__badges" aria-label="Avantages">
              {residence.advantages.map((advantage) => (
                <li key={advantage}>{advantageLabel(advantage)}</li>
              ))}
            </ul>
          )}
          {residence.certifications.length > 0 && (
            <ul className="residence__badges residence__badges--certifications" aria-label="Certifications">
              {residence.certifications.map((certification) => (
                <li key={certification}>{certificationLabel(certification)}</li>
              ))}
            </ul>
          )}
        </aside>
      </div>
      <section>
        <h2>La résidence</h2>
        <p>{residence.description}</p>
        {residence.district_desc && (
          <>
            <h2>Le quartier</h2>
            <p>{residence.district_desc}</p>
          </>
        )}
        <ResidencesMap residences={[residence]} current={residence.id} />
        {residence.facilities.length > 0 && (
          <>
            <h2>Équipements</h2>
            <ul className="residence__facilities">
              {residence.facilities.map((equipment) => (
                <li key={equipment._id}>{equipment.name}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="goods-title">
        <h2 id="goods-title">Logements disponibles</h2>
        {residence.goods.length === 0 ? (
          <p>Aucun logement n'est disponible dans cette résidence pour le moment.</p>
        ) : (
          <ul className="good-list">
            {residence.goods.map((good) => (
              <li key={good.id} className="ui-card good-card">
                {good.photos[0] && <ResponsiveImage image={good.photos[0]} sizes="(min-width: 72rem) 16rem, 40vw" />}
                <div>
                  <h3>
                    <Link to={goodPath(residence.slug, good)}>
                      {flatSizeLabel(good.flat_size)} de {formatSurface(good.surface)}
                    </Link>
                  </h3>
                  <p className="good-card__rent">{formatCents(good.rent_price_cents)} par mois charges comprises</p>
                  <p>
                    {availability(good)}
                    {good.energy_class && ` · classe énergie ${good.energy_class}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
