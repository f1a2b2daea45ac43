import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatDayOfWeek, formatTime, type VisitBookingView, type VisitSlotView } from '@hsa-lli/common/domain';
import { RequestError, type RequestErrorData } from '@hsa-lli/common/http';
import { Loader, MessageBox, Modal, RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { SlotChoices, slotMinutes, slotWhen, slotWhere } from '../../components/visit-slots.js';
import { comingSlots } from '../../lib/visit-slots.js';
import { bookingByLink, cancelBooking, moveBooking, UNUSABLE } from './visits-api.js';
import './visit-page.css';

/** The booking the link of its e-mails names; an unusable link is told on the page itself. */
export async function visitLoader({ params, request }: LoaderFunctionArgs): Promise<{ booking: VisitBookingView | null }> {
  const answer = await bookingByLink(params.token ?? '', request);
  return { booking: answer === UNUSABLE ? null : answer.booking };
}

/** What the person did on the page, told above the visit. */
type Done = { kind: 'moved' | 'cancelled' } | { kind: typeof UNUSABLE } | null;

const GONE = 'Ce créneau n’est plus proposé : choisissez-en un autre.';

/**
 * « Ma visite », the page of the link every visit e-mail carries: the visit booked, and the two things to do with it:
 * cancel it (after a question), or move it to another coming slot of the same home with places left. Nothing is done
 * when the page opens.
 */
export function VisitPage() {
  const { token = '' } = useParams();
  // Another booking's link opens it afresh, with nothing of the last one.
  return <ManagedVisit key={token} token={token} />;
}

function ManagedVisit({ token }: { token: string }) {
  const loaded = useLoaderData<typeof visitLoader>();
  const [booking, setBooking] = useState(loaded.booking);
  const [done, setDone] = useState<Done>(loaded.booking ? null : { kind: UNUSABLE });
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState(false);
  const { sending, failure, send } = useSubmission();
  const result = useRef<HTMLDivElement>(null);

  // Focus moves to what an action changed, so that it is read (the button pressed may be gone).
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (changes > 0) result.current?.focus();
  }, [changes]);

  const finish = (next: Done, changed: VisitBookingView | null) => {
    if (changed) setBooking(changed);
    setDone(next);
    setMoving(false);
    setChanges((count) => count + 1);
  };

  const cancel = async () => {
    const answer = await send(() => cancelBooking(token), () => undefined);
    setAsking(false);
    if (!answer) return;
    finish(answer === UNUSABLE ? { kind: UNUSABLE } : { kind: 'cancelled' }, answer === UNUSABLE ? null : answer.booking);
  };

  // The time the page opened: a visit that starts while it is open is still offered to move (the API then says no).
  const [openedAt] = useState(Date.now);
  const past = booking !== null && Date.parse(booking.slot.starts_at) <= openedAt;
  const active = booking !== null && booking.cancelled_at === null && !past && done?.kind !== UNUSABLE;

  return (
    <section className="ui-page visit-page">
      <h1>Ma visite</h1>
      <div ref={result} tabIndex={-1} className="visit-page__result">
        {done?.kind === UNUSABLE && <UnusableLink />}
        {done?.kind === 'moved' && booking && (
          <MessageBox kind="info">
            Votre visite est déplacée {slotWhen(booking.slot)}. Un e-mail de confirmation vous a été envoyé avec le nouveau fichier à ajouter à votre agenda.
          </MessageBox>
        )}
        {done?.kind === 'cancelled' && <MessageBox kind="info">Votre visite est annulée. Un e-mail vous le confirme.</MessageBox>}
      </div>
      {booking && done?.kind !== UNUSABLE && (
        <>
          {booking.cancelled_at !== null && done?.kind !== 'cancelled' && <MessageBox kind="statement">Cette visite est annulée.</MessageBox>}
          {past && booking.cancelled_at === null && <MessageBox kind="statement">Cette visite a eu lieu : son créneau est passé.</MessageBox>}
          <VisitFacts booking={booking} />
          {booking.cancelled_at !== null && (
            <p>
              Pour réserver un autre créneau, rendez-vous sur <Link to={booking.good.path}>la page du logement</Link>.
            </p>
          )}
          {active && (
            <>
              {failure && <RequestErrorMessage error={failure} />}
              <div className="visit-page__actions">
                <button type="button" className="ui-button" aria-expanded={moving} aria-controls="visit-move" disabled={sending} onClick={() => setMoving((open) => !open)}>
                  Déplacer ma visite
                </button>
                <button type="button" className="ui-button ui-button--danger ui-button--secondary" disabled={sending} onClick={() => setAsking(true)}>
                  Annuler ma visite
                </button>
              </div>
              <div id="visit-move">
                {moving && (
                  <MoveVisit
                    token={token}
                    booking={booking}
                    onMoved={(moved) => finish({ kind: 'moved' }, moved)}
                    onUnusable={() => finish({ kind: UNUSABLE }, null)}
                    onClose={() => setMoving(false)}
                  />
                )}
              </div>
              <Modal open={asking} title="Annuler votre visite ?" onClose={() => setAsking(false)}>
                <p>
                  Votre visite {slotWhen(booking.slot)} sera annulée et sa place proposée à quelqu’un d’autre. Vous recevrez un e-mail qui le confirme.
                </p>
                <div className="ui-modal__actions">
                  <button type="button" className="ui-button ui-button--danger" disabled={sending} onClick={() => void cancel()}>
                    Oui, annuler ma visite
                  </button>
                  <button type="button" className="ui-button ui-button--secondary" onClick={() => setAsking(false)}>
                    Garder ma visite
                  </button>
                </div>
              </Modal>
              <Loader active={sending && !moving} label="Enregistrement en cours" />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The visit as the person booked it. */
function VisitFacts({ booking }: { booking: VisitBookingView }) {
  const { slot, good } = booking;
  return (
    <dl className={`ui-card visit-page__facts${booking.cancelled_at ? ' visit-page__facts--cancelled' : ''}`}>
      <dt>Logement</dt>
      <dd>
        <Link to={good.path}>{good.label}</Link>
        {good.city && `, ${good.city}`}
      </dd>
      <dt>Date</dt>
      <dd className="visit-page__day">{formatDayOfWeek(slot.starts_at)}</dd>
      <dt>Heure</dt>
      <dd>
        {formatTime(slot.starts_at)} – {formatTime(slot.ends_at)} ({slotMinutes(slot)} minutes)
      </dd>
      {slot.kind === 'virtual' ? (
        <>
          <dt>Visite virtuelle</dt>
          <dd>
            {booking.cancelled_at ? (
              slot.url
            ) : (
              <a href={slot.url ?? undefined} target="_blank" rel="noreferrer">
                {slot.url}
                <span className="ui-visually-hidden"> (nouvel onglet)</span>
              </a>
            )}
          </dd>
        </>
      ) : (
        <>
          <dt>Lieu du rendez-vous</dt>
          <dd>{slot.place}</dd>
        </>
      )}
      <dt>Réservée au nom de</dt>
      <dd>{booking.name}</dd>
    </dl>
  );
}

/** The other coming slots of the booking's home with places left; none once the home is no longer on the site (404). */
async function slotsToMoveTo(booking: VisitBookingView): Promise<VisitSlotView[]> {
  try {
    return (await comingSlots(booking.good.id)).filter((slot) => slot.id !== booking.slot.id && slot.remaining > 0);
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return [];
    throw error;
  }
}

/** The other coming slots of the same home with places left, to move the visit to one. */
function MoveVisit({
  token,
  booking,
  onMoved,
  onUnusable,
  onClose,
}: {
  token: string;
  booking: VisitBookingView;
  onMoved: (booking: VisitBookingView) => void;
  onUnusable: () => void;
  onClose: () => void;
}) {
  const [slots, setSlots] = useState<VisitSlotView[] | null>(null);
  const [loadFailure, setLoadFailure] = useState<RequestErrorData | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { sending, failure, send } = useSubmission();
  const noticeRef = useRef<HTMLDivElement>(null);

  // Read when the person asks to move the visit, and again after a refusal.
  useEffect(() => {
    let live = true;
    slotsToMoveTo(booking).then(
      (others) => live && setSlots(others),
      (error: RequestErrorData) => live && setLoadFailure(error),
    );
    return () => {
      live = false;
    };
  }, [booking]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const move = async () => {
    if (chosen === null) return setNotice('Choisissez le nouveau créneau de votre visite.');
    const answer = await send(async () => {
      try {
        return await moveBooking(token, chosen);
      } catch (error) {
        if (!(error instanceof RequestError) || (error.status !== 404 && error.status !== 409)) throw error;
        // A 404 is the link gone, or the slot: the booking read again says which.
        if (error.status === 404 && (await bookingByLink(token)) === UNUSABLE) {
          onUnusable();
          return null;
        }
        const fresh = await slotsToMoveTo(booking).catch(() => slots ?? []);
        setSlots(fresh);
        if (!fresh.some((slot) => slot.id === chosen)) setChosen(null);
        setNotice(error.status === 404 ? GONE : error.error);
        return null;
      }
    }, () => undefined);
    if (answer) onMoved(answer.booking);
  };

  if (loadFailure) return <RequestErrorMessage error={loadFailure} />;
  if (!slots) return <Loader label="Chargement des créneaux" />;
  return (
    <div className="visit-page__move">
      <h2>Déplacer ma visite</h2>
      <div ref={noticeRef} tabIndex={-1} className="visit-page__notice">
        {notice && <MessageBox kind="warning">{notice}</MessageBox>}
      </div>
      {slots.length === 0 ? (
        <p>Aucun autre créneau de ce logement n’a de place pour le moment. Vous pouvez garder votre visite, ou l’annuler.</p>
      ) : (
        <>
          <SlotChoices
            slots={slots}
            chosen={chosen}
            onChoose={(id) => {
              setChosen(id);
              setNotice(null);
            }}
            legend="Choisissez un autre créneau"
            hint={`Votre créneau actuel : ${slotWhen(booking.slot)}, ${slotWhere(booking.slot)}.`}
          />
          {failure && <RequestErrorMessage error={failure} />}
          <div className="visit-page__actions">
            <button type="button" className="ui-button" disabled={sending} onClick={() => void move()}>
              Confirmer le déplacement
            </button>
            <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>
              Garder mon créneau
            </button>
          </div>
          <Loader active={sending} label="Déplacement en cours" />
        </>
      )}
    </div>
  );
}

/** What a link that opens no visit tells: why it may be, and where to book one. */
function UnusableLink() {
  return (
    <>
      <MessageBox kind="warning">Ce lien ne permet pas d’afficher une visite.</MessageBox>
      <p>Plusieurs raisons sont possibles :</p>
      <ul className="visit-page__reasons">
        <li>Son adresse est incomplète : copiez-la en entier depuis l’e-mail reçu.</li>
        <li>Le créneau a été retiré par nos équipes : un e-mail vous l’a annoncé.</li>
      </ul>
      <p>Vous pouvez réserver une visite depuis la page de chaque logement.</p>
      <Link to="/residences" className="ui-button">
        Voir nos résidences
      </Link>
    </>
  );
}
