import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatEuros, type OfferView } from '@hsa-lli/common/domain';
import { OfferAnswerForm } from './offer-answer-form.js';
import { countdownText, type AnswerOutcome } from './offer-answer.js';

/** The good offered: what it is, where, its rent, and its page on the site. */
function OfferedGood({ offer }: { offer: OfferView }) {
  const { good } = offer;
  return (
    <div className="my-offer__good">
      <p className="my-offer__label">{good.label}</p>
      <dl className="my-offer__facts">
        <dt>Résidence</dt>
        <dd>{good.residence}</dd>
        <dt>Commune</dt>
        <dd>{good.city}</dd>
        <dt>Loyer</dt>
        <dd>{formatEuros(good.rent)} par mois, charges comprises</dd>
        {offer.condition && (
          <>
            <dt>Condition</dt>
            <dd>{offer.condition}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to={good.path}>Voir la fiche du logement</Link>
      </p>
    </div>
  );
}

function OfferFrame({ title, tone, children }: { title: string; tone: 'pending' | 'accepted'; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`ui-card my-offer my-offer--${tone}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** An offer waiting for the applicant: the good, the condition if any, the deadline and the days left, and the answer. */
export function PendingOffer({ offer, now, onSettled }: { offer: OfferView; now: Date; onSettled: (outcome: AnswerOutcome) => void }) {
  return (
    <OfferFrame title="Un logement vous est proposé" tone="pending">
      <p>Le comité d’attribution vous propose ce logement. Acceptez-le ou refusez-le avant la date indiquée : sans réponse de votre part, il sera proposé à un autre candidat.</p>
      <OfferedGood offer={offer} />
      <p className="my-offer__deadline">
        Répondez avant le <time dateTime={offer.deadline}>{formatDateTime(offer.deadline)}</time>.{' '}
        <strong>{countdownText(offer.deadline, now)}</strong>
      </p>
      <OfferAnswerForm offer={offer} onSettled={onSettled} />
    </OfferFrame>
  );
}

/** An offer the applicant accepted: what comes next. */
export function AcceptedOffer({ offer }: { offer: OfferView }) {
  return (
    <OfferFrame title="Vous avez accepté ce logement" tone="accepted">
      <p>
        Vous avez accepté cette proposition le <time dateTime={offer.answered_at ?? offer.sent_at}>{formatDateTime(offer.answered_at ?? offer.sent_at)}</time>. Nous vous
        contacterons pour la suite.
      </p>
      <OfferedGood offer={offer} />
    </OfferFrame>
  );
}
