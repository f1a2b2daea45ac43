import { useState } from 'react';
import type { FollowUpView, RecordEventView, StaffRecord } from '@hsa-lli/common/back-office';
import { eventType, formatDateTime, labelOf, OUTCOME_OPTIONS } from '@hsa-lli/common/domain';
import { pushMessage, selectSession, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { RequestErrorMessage, useSubmission } from '@hsa-lli/common/ui';
import { ConfirmButton } from '../../../components/edit-form.js';
import { useDeleteRecordEventMutation } from '../record-api.js';
import { EventForm } from './event-form.js';
import { EventOutcome } from './event-outcome.js';
import type { OnFollowUp } from './on-follow-up.js';

/** « Visite d’un logement · Sur place »: an event's type and sub-reason. */
function eventTitle(event: Pick<RecordEventView, 'type' | 'reason'>): string {
  const type = eventType(event.type);
  const reason = event.reason && labelOf(type.reasons, event.reason);
  return reason ? `${type.label} · ${reason}` : type.label;
}

/** The follow-up events, newest first: each one's type, sub-reason, good, date, outcome, comment and author. */
export function EventsPanel({ record, view, onChange }: { record: StaffRecord; view: FollowUpView; onChange: OnFollowUp }) {
  const { user_id: me, roles } = useAppSelector(selectSession);
  const [remove] = useDeleteRecordEventMutation();
  const removal = useSubmission();
  const dispatch = useAppDispatch();
  // The time the page was drawn: a visit is « passed » from it on (the API checks again).
  const [shownAt] = useState(Date.now);
  // The author, or an administrator, may take an event back.
  const mayRemove = (event: RecordEventView) => roles.includes('admin') || event.by_id === me;
  const byDate = (events: RecordEventView[]) => [...events].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <section className="bo-panel" id="evenements" aria-labelledby="record-events-title">
      <h2 id="record-events-title">Événements de suivi</h2>
      <EventForm record={record} onAdded={(event) => onChange({ ...view, events: byDate([...view.events, event]) })} />
      <h3>Événements enregistrés</h3>
      {removal.failure && <RequestErrorMessage error={removal.failure} />}
      {view.events.length === 0 ? (
        <p>Aucun événement enregistré pour le moment.</p>
      ) : (
        <ol className="record-entries" aria-label="Événements, du plus récent au plus ancien">
          {view.events.map((event) => (
            <li key={event.id} className="record-event">
              <p className="record-event__head">
                <strong>{eventTitle(event)}</strong> · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              {event.good && <p>Logement : {event.good.label}</p>}
              {event.outcome && (
                <p>
                  Issue : <span className="bo-badge">{labelOf(OUTCOME_OPTIONS, event.outcome)}</span>
                </p>
              )}
              {event.comment && <p className="record-text">{event.comment}</p>}
              {event.type === 'visit' && event.outcome === null && (
                // A visit recorded without an outcome (one booked online always is) gets it here once it took place.
                Date.parse(event.at) <= shownAt ? (
                  <EventOutcome event={event} onSaved={(saved) => onChange({ ...view, events: view.events.map((each) => (each.id === saved.id ? saved : each)) })} />
                ) : (
                  <p className="record-muted">Son issue s’indique ici une fois la visite passée.</p>
                )
              )}
              <p className="record-muted">
                Saisi par {event.by} le <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
              </p>
              {mayRemove(event) && (
                <ConfirmButton
                  label={
                    <>
                      Retirer<span className="ui-visually-hidden"> l’événement « {eventTitle(event)} » du {formatDateTime(event.at)}</span>
                    </>
                  }
                  title="Retirer cet événement ?"
                  confirmLabel="Retirer l’événement"
                  danger
                  onConfirm={async () => {
                    const answer = await removal.send(() => remove({ id: event.id }).unwrap(), () => undefined);
                    if (!answer) return;
                    onChange({ ...view, events: view.events.filter((each) => each.id !== answer.id) });
                    dispatch(pushMessage({ kind: 'info', text: 'L’événement est retiré du dossier.' }));
                  }}
                >
                  <p>
                    « {eventTitle(event)} » du {formatDateTime(event.at)} sera retiré du dossier et ne comptera plus dans les statistiques. À réserver à un
                    événement saisi par erreur.
                  </p>
                </ConfirmButton>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
