import { useId } from 'react';
import { plural, type MyRecord } from '@hsa-lli/common/domain';
import { MessageBox } from '@hsa-lli/common/ui';
import { eligibilitySentences, listInFrench, missingForEligibility, rentSentence } from './eligibility.js';

/** The household's eligibility and what the chosen goods' rents would weigh, as the server last worked them out. */
export function Outlook({ record }: { record: MyRecord }) {
  const missing = missingForEligibility(record);
  const id = useId();
  return (
    <section className="ui-card my-information__part" aria-labelledby={id}>
      <h2 id={id}>Votre éligibilité</h2>
      {record.eligibility ? (
        <>
          <p>
            Vos revenus sont la somme des revenus fiscaux de référence de votre foyer, comparée aux plafonds {record.eligibility.year} du logement locatif
            intermédiaire pour {record.situation === 'couple' ? 'un couple' : 'une personne seule'}
            {record.members.length > 0 ? ` avec ${plural(record.members.length, 'personne', 'personnes')} à charge` : ''}.
          </p>
          <ul className="my-information__verdicts">
            {eligibilitySentences(record.eligibility).map((sentence) => (
              <li key={sentence.text} className={sentence.eligible ? 'my-information__verdict--yes' : 'my-information__verdict--no'}>
                {sentence.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {missing.length > 0
            ? `Pour savoir si vous êtes éligible, indiquez ${listInFrench(missing)}.`
            : 'Votre éligibilité sera calculée dès que vos réponses seront enregistrées.'}
        </p>
      )}
      <h3>Le loyer des logements choisis</h3>
      {record.wished_goods.length === 0 ? (
        <p>Choisissez des logements ci-dessus pour voir la part de vos revenus que représenterait leur loyer.</p>
      ) : (
        <ul className="my-information__rents">
          {record.wished_goods.map((good) => {
            const { text, heavy } = rentSentence(good);
            return <li key={good.id}>{heavy ? <MessageBox kind="warning">{text}</MessageBox> : text}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
