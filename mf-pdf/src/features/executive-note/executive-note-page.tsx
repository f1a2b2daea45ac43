import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FLAT_SIZE_OPTIONS, formatCents, formatDate, formatNumber, type GoodView } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import './executive-note.css';

export async function executiveNoteLoader({ params, request }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  const { good } = await http.post<{ good: GoodView }>(`/goods/${id}/PDF/executive`, { id }, { controller: request, minDuration: 0 });
  return good;
}

/** The executive note on a good, laid out for A4 printing. */
export function ExecutiveNotePage() {
  const good = useLoaderData<typeof executiveNoteLoader>();
  const flatSize = FLAT_SIZE_OPTIONS.find((option) => option.value === good.flat_size)?.label ?? good.flat_size;
  const rows: [string, string][] = [
    ['Référence', good.reference],
    ['Typologie', flatSize],
    ['Surface habitable', `${formatNumber(good.surface)} m²`],
    ['Loyer mensuel charges comprises', formatCents(good.rent_price_cents)],
    ['Charges mensuelles', formatCents(good.monthly_costs_cents)],
    ['Classe énergétique', good.energy_class ?? 'Non concerné'],
    ['Disponibilité', good.available_from ? `à partir du ${formatDate(good.available_from)}` : 'immédiate'],
  ];
  return (
    <article className="executive-note">
      <header>
        <p className="executive-note__kind">Note de direction</p>
        <h1>
          {good._residence.name} — {flatSize}
        </h1>
        <p>
          {good._residence.address_line_1}, {good._residence.city.zip_code} {good._residence.city.label} (zone {good._residence.city.areas})
        </p>
      </header>
      <table>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Description</h2>
      <p>{good.description}</p>
      <footer>Document édité le {formatDate(new Date())}.</footer>
    </article>
  );
}
