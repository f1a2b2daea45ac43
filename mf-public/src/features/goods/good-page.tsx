import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatCents, formatSurface, goodPath, type GoodView } from '@hsa-lli/common/domain';
import { EnergyLabel } from '../../components/energy-label.js';
import { PhotoGallery } from '../../components/photo-gallery.js';
import { load } from '../../lib/api.js';
import { availability, flatSizeLabel } from '../../lib/labels.js';
import { GoodVisits } from './good-visits.js';
import '../../components/residences.css';

export async function goodLoader({ params, request }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  const { good } = await load<{ good: GoodView }>('/front/goods/details', { id }, request);
  // A good reached through another residence's address (or an old name) goes to its own address.
  const address = goodPath(good._residence.slug, good);
  if (new URL(request.url).pathname !== address) throw redirect(address, 301);
  return good;
}

export function GoodPage() {
  const good = useLoaderData<typeof goodLoader>();
  const title = `${flatSizeLabel(good.flat_size)} de ${formatSurface(good.surface)}`;
  return (
    <article className="ui-page residence">
      <p className="breadcrumb">
        <Link to="/residences">Nos résidences</Link> › <Link to={`/residences/${good._residence.slug}`}>{good._residence.name}</Link> › {title}
      </p>
      <h1>{title}</h1>
      <p className="residence__place">
        {good._residence.name}, {good._residence.city.label} ({good._residence.city.zip_code})
      </p>
      <div className="residence__top">
        <PhotoGallery images={good.photos} label={`Photos du logement : ${title}`} />
        <aside className="ui-card residence__facts">
          <dl>
            <dt>Loyer mensuel charges comprises</dt>
            <dd className="good-card__rent">{formatCents(good.rent_price_cents)}</dd>
            <dt>Dont charges mensuelles</dt>
            <dd>{formatCents(good.monthly_costs_cents)}</dd>
            <dt>Typologie</dt>
            <dd>{flatSizeLabel(good.flat_size)}</dd>
            <dt>Surface</dt>
            <dd>{formatSurface(good.surface)}</dd>
            <dt>Disponibilité</dt>
            <dd>{availability(good)}</dd>
            <dt>Référence</dt>
            <dd>{good.reference}</dd>
          </dl>
          <Link to="/tester-mon-eligibilite" className="ui-button">
            Tester mon éligibilité
          </Link>
        </aside>
      </div>
      <section>
        <h2>Le logement</h2>
        <p>{good.description}</p>
        {good.facilities.length > 0 && (
          <>
            <h2>Équipements</h2>
            <ul className="residence__facilities">
              {good.facilities.map((equipment) => (
                <li key={equipment._id}>{equipment.name}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      <GoodVisits good={good} />
      {good.dpe_kwh !== null && good.dpe_kgco2 !== null && good.kwh_class && good.kgco2_class && good.energy_class ? (
        <EnergyLabel kwh={good.dpe_kwh} kgco2={good.dpe_kgco2} kwhClass={good.kwh_class} kgco2Class={good.kgco2_class} finalClass={good.energy_class} />
      ) : (
        <p>Ce bien n'est pas soumis au diagnostic de performance énergétique.</p>
      )}
      {good.plan.length > 0 && (
        <section>
          <h2>Plan</h2>
          <PhotoGallery images={good.plan} label={`Plan du logement : ${title}`} />
        </section>
      )}
    </article>
  );
}
