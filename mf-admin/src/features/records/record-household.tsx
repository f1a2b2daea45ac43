import type { ReactNode } from 'react';
import { flatSizeLabel, householdLabel, type StaffRecord } from '@hsa-lli/common/back-office';
import {
  ageInYears,
  DISCOVERY_SOURCE_OPTIONS,
  formatCents,
  formatDate,
  formatEuros,
  formatPercent,
  HOUSING_SITUATION_OPTIONS,
  isHeavyRent,
  labelOf,
  LINK_OPTIONS,
  MEMBER_ROLE_OPTIONS,
  PRO_SITUATION_OPTIONS,
  RENT_RATIO_LIMIT,
  zoneLabel,
  type PersonFields,
} from '@hsa-lli/common/domain';
import { useRecordResidenceOptionsQuery } from './records-api.js';

const NOT_GIVEN = 'Non renseigné';

/** One term of a description list and its value; a value not given yet says so. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? <span className="record-muted">{NOT_GIVEN}</span>}</dd>
    </>
  );
}

/** The full name of a person, or what stands for it while the applicants have not written it. */
export function personName(person: Pick<PersonFields, 'first_name' | 'last_name'>, position: 1 | 2): string {
  return `${person.first_name} ${person.last_name}`.trim() || (position === 1 ? 'Premier demandeur' : 'Second demandeur');
}

function Person({ person, position, couple }: { person: PersonFields; position: 1 | 2; couple: boolean }) {
  const address = [person.address, [person.zip_code, person.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const titleId = `record-person-${position}`;
  return (
    <section className="record-person" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {couple && <span className="record-person__rank">{position === 1 ? 'Premier demandeur' : 'Second demandeur'}</span>}
        {personName(person, position)}
      </h3>
      <dl className="bo-meta record-facts">
        <Fact term="Date de naissance">{person.birth_date && `${formatDate(person.birth_date)} (${ageInYears(person.birth_date)} ans)`}</Fact>
        <Fact term="E-mail">{person.email && <a href={`mailto:${person.email}`}>{person.email}</a>}</Fact>
        <Fact term="Téléphone">{person.phone && <a href={`tel:${person.phone.replace(/[\s.-]/g, '')}`}>{person.phone}</a>}</Fact>
        <Fact term="Adresse">{address || null}</Fact>
        <Fact term="Situation professionnelle">{person.pro_situation && labelOf(PRO_SITUATION_OPTIONS, person.pro_situation)}</Fact>
        <Fact term={person.pro_situation === 'independant' ? 'Entreprise' : 'Employeur'}>{person.employer}</Fact>
        <Fact term="Situation de logement">{person.housing_situation && labelOf(HOUSING_SITUATION_OPTIONS, person.housing_situation)}</Fact>
        <Fact term="Revenu fiscal de référence">{person.tax_income !== null ? formatEuros(person.tax_income) : null}</Fact>
      </dl>
    </section>
  );
}

/** The household: who applies, with whom, who depends on them, how they heard of the platform. */
export function HouseholdPanel({ record }: { record: StaffRecord }) {
  const couple = record.person_2 !== null;
  return (
    <section className="bo-panel" id="foyer" aria-labelledby="record-household-title">
      <h2 id="record-household-title">Foyer</h2>
      <dl className="bo-meta record-facts">
        <Fact term="Composition">{householdLabel(record.situation, record.members)}</Fact>
        {couple && <Fact term="Lien entre les demandeurs">{record.link && labelOf(LINK_OPTIONS, record.link)}</Fact>}
        <Fact term="A connu la plateforme par">{record.discovery_source && labelOf(DISCOVERY_SOURCE_OPTIONS, record.discovery_source)}</Fact>
      </dl>
      <div className="record-persons">
        <Person person={record.person_1} position={1} couple={couple} />
        {record.person_2 && <Person person={record.person_2} position={2} couple={couple} />}
      </div>
      <h3>Personnes à charge</h3>
      {record.members.length === 0 ? (
        <p>Aucune personne à charge.</p>
      ) : (
        <ul className="record-members">
          {record.members.map((member, index) => (
            <li key={index}>
              <strong>{member.first_name}</strong>, {labelOf(MEMBER_ROLE_OPTIONS, member.role).toLowerCase()}
              {member.birth_date ? `, né(e) le ${formatDate(member.birth_date)} (${ageInYears(member.birth_date)} ans)` : ', date de naissance non renseignée'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the household looks for: residences, goods, flat sizes, a maximum rent. */
export function WishesPanel({ record }: { record: StaffRecord }) {
  const residences = useRecordResidenceOptionsQuery();
  const { wishes } = record;
  const residenceName = (id: number) => labelOf(residences.data ?? [], id, residences.isLoading ? '…' : `Résidence n° ${id}`);
  return (
    <section className="bo-panel" id="souhaits" aria-labelledby="record-wishes-title">
      <h2 id="record-wishes-title">Souhaits</h2>
      <dl className="bo-meta record-facts">
        <Fact term="Résidences">{wishes.residences.length > 0 ? wishes.residences.map(residenceName).join(', ') : 'Aucune'}</Fact>
        <Fact term="Logements">
          {record.wished_goods.length > 0 ? (
            <ul className="record-inline-list">
              {record.wished_goods.map((good) => (
                <li key={good.id}>
                  {good.label}, {formatCents(good.rent_cents)} par mois
                </li>
              ))}
            </ul>
          ) : (
            'Aucun'
          )}
        </Fact>
        <Fact term="Typologies">{wishes.flat_sizes.length > 0 ? wishes.flat_sizes.map(flatSizeLabel).join(', ') : 'Toutes'}</Fact>
        <Fact term="Loyer maximum">{wishes.max_rent !== null ? `${formatEuros(wishes.max_rent)} par mois, charges comprises` : null}</Fact>
      </dl>
    </section>
  );
}

/** A small table that scrolls inside its own region on a phone, never the page. */
function FactTable({ id, caption, head, children }: { id: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="ui-table record-table">
      <div className="ui-table__scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table>
          <caption id={id}>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

/** Why the eligibility cannot be told yet: the incomes not given, or no wish that names a zone. */
function missingForEligibility(record: StaffRecord): string[] {
  const persons = [record.person_1, record.person_2].flatMap((person, index) => (person ? [{ person, position: (index + 1) as 1 | 2 }] : []));
  const missing = persons
    .filter(({ person }) => person.tax_income === null)
    .map(({ person, position }) => `Le revenu fiscal de référence de ${personName(person, position)} n’est pas renseigné.`);
  if (record.wishes.residences.length === 0 && record.wished_goods.length === 0) {
    missing.push('Le foyer n’a choisi aucune résidence ni aucun logement : la zone, et donc le plafond, ne sont pas connus.');
  }
  return missing;
}

/** The household's incomes against the LLI ceiling of each zone it looks in, and the rent of each good it chose against them. */
export function EligibilityPanel({ record }: { record: StaffRecord }) {
  const { eligibility } = record;
  const eligibleZones = eligibility?.by_zone.filter((zone) => zone.eligible).map((zone) => zoneLabel(zone.zone)) ?? [];
  return (
    <section className="bo-panel" id="eligibilite" aria-labelledby="record-eligibility-title">
      <h2 id="record-eligibility-title">Éligibilité au LLI et taux d’effort</h2>
      {eligibility === null ? (
        <>
          <p>
            <strong>L’éligibilité ne peut pas encore être calculée.</strong>
          </p>
          <ul>
            {missingForEligibility(record).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className={`record-verdict record-verdict--${eligibleZones.length > 0 ? 'ok' : 'over'}`}>
            {eligibleZones.length > 0
              ? `Éligible au LLI en zone ${eligibleZones.join(', ')}.`
              : 'Non éligible : les revenus du foyer dépassent le plafond de chaque zone souhaitée.'}
          </p>
          <p>
            Revenus du foyer : <strong>{formatEuros(eligibility.income)}</strong> (revenu fiscal de référence {eligibility.year - 2}
            {record.person_2 ? ' des deux demandeurs' : ''}), comparés aux plafonds de ressources LLI {eligibility.year}.
          </p>
          <FactTable id="record-ceilings" caption="Plafonds de ressources des zones souhaitées" head={['Zone', 'Plafond', 'Revenus du foyer']}>
            {eligibility.by_zone.map((zone) => (
              <tr key={zone.zone}>
                <th scope="row">{zoneLabel(zone.zone)}</th>
                <td className="record-nowrap">{formatEuros(zone.ceiling)}</td>
                <td>
                  {zone.eligible ? (
                    <>Dans le plafond ({formatEuros(zone.ceiling - eligibility.income)} de marge)</>
                  ) : (
                    <strong className="record-over">Au-dessus du plafond de {formatEuros(eligibility.income - zone.ceiling)}</strong>
                  )}
                </td>
              </tr>
            ))}
          </FactTable>
        </>
      )}

      <h3>Taux d’effort des logements souhaités</h3>
      <p className="record-muted">
        Le loyer mensuel, charges comprises, rapporté au douzième des revenus annuels du foyer. Au-delà du tiers ({formatPercent(RENT_RATIO_LIMIT)}), il est en général jugé trop lourd.
      </p>
      {record.wished_goods.length === 0 ? (
        <p>Le foyer n’a choisi aucun logement précis.</p>
      ) : (
        <FactTable id="record-ratios" caption="Part des revenus consacrée au loyer" head={['Logement', 'Loyer mensuel', 'Taux d’effort']}>
          {record.wished_goods.map((good) => (
            <tr key={good.id}>
              <th scope="row">{good.label}</th>
              <td className="record-nowrap">{formatCents(good.rent_cents)}</td>
              <td>
                {good.rent_ratio === null ? (
                  <span className="record-muted">Inconnu : revenus incomplets</span>
                ) : isHeavyRent(good.rent_ratio) ? (
                  <strong className="record-over">{formatPercent(good.rent_ratio)}, au-dessus du tiers des revenus</strong>
                ) : (
                  <>{formatPercent(good.rent_ratio)}, sous le tiers des revenus</>
                )}
              </td>
            </tr>
          ))}
        </FactTable>
      )}
    </section>
  );
}
