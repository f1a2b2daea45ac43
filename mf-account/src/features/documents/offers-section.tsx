import { useEffect, useId, useRef, useState } from 'react';
import { formatDate, labelOf, OFFER_STATE_OPTIONS, type OfferView } from '@hsa-lli/common/domain';
import { MessageBox, RequestErrorText } from '@hsa-lli/common/ui';
import { CallError } from '../../lib/call-errors.js';
import { useGetMyOffersQuery } from './my-file-api.js';
import { AcceptedOffer, PendingOffer } from './offer-card.js';
import type { AnswerOutcome, OfferChoice } from './offer-answer.js';
import './offers.css';

const ANSWERED: { [choice in OfferChoice]: string } = {
  accept: 'Votre réponse est enregistrée : vous avez accepté ce logement.',
  decline: 'Votre réponse est enregistrée : vous avez refusé ce logement. Votre dossier reste actif pour d’autres logements.',
};

/** A past offer in one line: the good, how it ended and when, and the reason of a refusal. */
function PastOffer({ offer }: { offer: OfferView }) {
  return (
    <li>
      <strong>{offer.good.label}</strong>, à {offer.good.city} — proposé le <time dateTime={offer.sent_at}>{formatDate(offer.sent_at)}</time> :{' '}
      <span className={`my-offer__state my-offer__state--${offer.state}`}>{labelOf(OFFER_STATE_OPTIONS, offer.state)}</span>
      {offer.answered_at && (
        <>
          {' '}
          le <time dateTime={offer.answered_at}>{formatDate(offer.answered_at)}</time>
        </>
      )}
      {offer.reason && <> ({offer.reason})</>}
    </li>
  );
}

/**
 * The offers the committee made to the file: the one waiting for an answer first, prominently; the one accepted;
 * the others in a short list. After an answer, what was recorded is said where the offer was, and takes the focus.
 */
export function OffersSection() {
  const { data: offers, error } = useGetMyOffersQuery();
  const [settled, setSettled] = useState<AnswerOutcome | null>(null);
  const told = useRef<HTMLDivElement>(null);
  const pastId = useId();
  useEffect(() => {
    if (settled) told.current?.focus();
  }, [settled]);

  if (error) return <CallError error={error} />;
  if (!offers || offers.length === 0) return null;
  const now = new Date();
  const pending = offers.filter((offer) => offer.state === 'pending');
  const accepted = offers.find((offer) => offer.state === 'accepted');
  const past = offers.filter((offer) => offer.state !== 'pending' && offer !== accepted);
  return (
    <>
      {settled && (
        <div ref={told} tabIndex={-1} className="my-offer__told">
          {'answered' in settled ? (
            <MessageBox kind="info">{ANSWERED[settled.answered]}</MessageBox>
          ) : (
            <MessageBox kind="error">
              <RequestErrorText error={settled.stale} />
            </MessageBox>
          )}
        </div>
      )}
      {pending.map((offer) => (
        <PendingOffer key={offer.id} offer={offer} now={now} onSettled={setSettled} />
      ))}
      {accepted && <AcceptedOffer offer={accepted} />}
      {past.length > 0 && (
        <section className="ui-card my-documents__part" aria-labelledby={pastId}>
          <h2 id={pastId}>Propositions précédentes</h2>
          <ul className="my-offer__past">
            {past.map((offer) => (
              <PastOffer key={offer.id} offer={offer} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
