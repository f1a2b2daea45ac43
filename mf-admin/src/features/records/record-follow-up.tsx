import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  eventCreateSchema,
  followerSchema,
  noteCreateSchema,
  stageMoveSchema,
  type FollowUpView,
  type RecordAccountView,
  type RecordEventView,
  type StaffRecord,
} from '@hsa-lli/common/back-office';
import {
  EVENT_TYPE_OPTIONS,
  eventType,
  formatDate,
  formatDateTime,
  labelOf,
  OUTCOME_OPTIONS,
  parisLocalDateTime,
  STAGE_MOVES,
  stageLabel,
  type EventType,
  type Option,
  type RecordStage,
} from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { formFilled, formReset, pushMessage, selectSession, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { DateField, RadioGroup, RequestErrorMessage, SelectField, TextareaField, useForm, useSubmission, type FormBinding } from '@hsa-lli/common/ui';
import { ConfirmButton, SubmitActions, useCheckedSubmission, useEditForm } from '../../components/edit-form.js';
import {
  useCreateRecordEventMutation,
  useCreateRecordNoteMutation,
  useDeleteRecordEventMutation,
  useLazyRecordFollowUpQuery,
  useMoveRecordStageMutation,
  useRecordFollowersQuery,
  useEventGoodOptionsQuery,
  useResendRecordInvitationMutation,
  useSetRecordFollowerMutation,
} from './record-api.js';
import { useRecordResidenceOptionsQuery } from './records-api.js';

/** The good field's choice that opens the residence and good lists. */
const OTHER_GOOD = 'other';

export function StageBadge({ stage }: { stage: RecordStage }) {
  return <span className={`bo-badge record-stage record-stage--${stage}`}>{stageLabel(stage)}</span>;
}

/** What the follow-up sections change: the follow-up as it now stands. */
type OnFollowUp = (view: FollowUpView) => void;

/** The stage, the moves that make sense from it, and how the file got there. */
export function StagePanel({ record, view, onChange }: { record: StaffRecord; view: FollowUpView; onChange: OnFollowUp }) {
  const name = `record-stage-${record.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [move] = useMoveRecordStageMutation();
  const [reload] = useLazyRecordFollowUpQuery();
  const moves = STAGE_MOVES[view.stage];
  const since = view.stage_changes[0]?.at ?? record.created_at;
  return (
    <section className="bo-panel" id="stade" aria-labelledby="record-stage-title">
      <h2 id="record-stage-title">Stade du dossier</h2>
      <p>
        Au stade <StageBadge stage={view.stage} /> depuis le {formatDate(since)}.
      </p>
      {moves.length === 0 ? (
        <p>Un dossier au stade « {stageLabel(view.stage)} » ne change plus de stade : un départ du logement s’enregistre comme un événement.</p>
      ) : (
        <form
          noValidate
          aria-label="Changer de stade"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { id: record.id, stage: form.value('stage'), comment: form.value('comment') || null };
            const answer = await submit(form, stageMoveSchema, body, (checked) =>
              move(checked)
                .unwrap()
                .catch(async (error: RequestErrorData) => {
                  // Someone moved the file meanwhile: the moves offered are those of its stage now.
                  if (error.status === 409) onChange(await reload(record.id).unwrap());
                  throw error;
                }),
            );
            if (!answer) return;
            dispatch(formReset(name));
            onChange(answer);
            dispatch(pushMessage({ kind: 'info', text: `Le dossier est passé au stade « ${stageLabel(answer.stage)} ».` }));
          }}
        >
          <RadioGroup form={form} name="stage" label="Passer au stade" options={moves.map((stage) => ({ value: stage, label: stageLabel(stage) }))} required />
          <TextareaField form={form} name="comment" label="Commentaire" hint="Facultatif : la raison du changement, gardée dans l’historique." rows={2} maxLength={2000} />
          <SubmitActions failure={failure} sending={sending}>Changer de stade</SubmitActions>
        </form>
      )}
      <h3>Historique des stades</h3>
      {view.stage_changes.length === 0 ? (
        <p>Aucun changement depuis l’ouverture du dossier, le {formatDate(record.created_at)}.</p>
      ) : (
        <ol className="record-entries">
          {view.stage_changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <p>
                <strong>
                  {stageLabel(change.from)} → {stageLabel(change.to)}
                </strong>
              </p>
              <p className="record-muted">
                Le <time dateTime={change.at}>{formatDateTime(change.at)}</time>, par {change.by}
              </p>
              {change.comment && <p className="record-text">{change.comment}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The staff member following the file: any member of the team, or oneself in one click, or nobody. */
export function FollowerPanel({ recordId, follower, onChange }: { recordId: number; follower: FollowUpView['follower']; onChange: OnFollowUp }) {
  const saved = { user_id: follower ? String(follower.id) : '' };
  const { form, dirty } = useEditForm(`record-follower-${recordId}`, saved, saved.user_id);
  const dispatch = useAppDispatch();
  const { user_id: me } = useAppSelector(selectSession);
  const followers = useRecordFollowersQuery();
  const [setFollower] = useSetRecordFollowerMutation();
  const { sending, failure, submit } = useCheckedSubmission();
  const team = followers.data ?? [];
  // A follower since deactivated stays shown until someone else is chosen.
  const options: Option[] = [
    { value: '', label: 'Personne' },
    ...(follower && !team.some((member) => member.id === follower.id) ? [{ value: String(follower.id), label: follower.name }] : []),
    ...team.map((member) => ({ value: String(member.id), label: member.name })),
  ];
  const save = async (userId: number | null) => {
    const answer = await submit(form, followerSchema, { id: recordId, user_id: userId }, (checked) => setFollower(checked).unwrap());
    if (!answer) return;
    onChange(answer);
    dispatch(pushMessage({ kind: 'info', text: answer.follower ? `Le dossier est désormais suivi par ${answer.follower.name}.` : 'Plus personne ne suit ce dossier.' }));
  };
  const mayTakeIt = me !== null && follower?.id !== me && team.some((member) => member.id === me);
  return (
    <section className="bo-panel" id="suivi" aria-labelledby="record-follower-title">
      <h2 id="record-follower-title">Suivi du dossier</h2>
      <p>{follower ? <>Suivi par <strong>{follower.name}</strong>.</> : 'Personne ne suit ce dossier pour le moment.'}</p>
      <form
        noValidate
        aria-label="Choisir qui suit le dossier"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = form.value('user_id');
          void save(chosen === '' ? null : Number(chosen));
        }}
      >
        <SelectField form={form} name="user_id" label="Suivi par" options={options} />
        {failure && <RequestErrorMessage error={failure} />}
        <div className="bo-actions">
          <button type="submit" className="ui-button" disabled={sending || !dirty}>
            Enregistrer
          </button>
          {mayTakeIt && (
            <button type="button" className="ui-button ui-button--secondary" disabled={sending} onClick={() => void save(me)}>
              Me l’attribuer
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

const ACCOUNT_STATES: Record<RecordAccountView['state'], string> = {
  invited: 'Invitation envoyée, compte pas encore créé',
  active: 'Compte créé : le demandeur suit son dossier en ligne',
  deactivated: 'Compte désactivé : le demandeur ne peut plus se connecter',
};

/** The applicant's customer account, and a new invitation while it waits for its password. */
export function AccountPanel({ recordId, account, onChange }: { recordId: number; account: RecordAccountView | null; onChange: (account: RecordAccountView) => void }) {
  const dispatch = useAppDispatch();
  const { sending, failure, send } = useSubmission();
  const [resend] = useResendRecordInvitationMutation();
  const revalidator = useRevalidator();
  return (
    <section className="bo-panel" aria-labelledby="record-account-title">
      <h2 id="record-account-title">Compte client</h2>
      {account === null ? (
        <p>Aucun compte client n’est rattaché à ce dossier.</p>
      ) : (
        <>
          <p>
            <a href={`mailto:${account.email}`} className="record-wrap">
              {account.email}
            </a>
          </p>
          <p>
            <span className={`bo-badge${account.state === 'invited' ? ' bo-badge--warning' : account.state === 'deactivated' ? ' bo-badge--off' : ''}`}>
              {ACCOUNT_STATES[account.state]}
            </span>
          </p>
          {failure && <RequestErrorMessage error={failure} />}
          {account.state === 'invited' && (
            <div className="bo-actions">
              <button
                type="button"
                className="ui-button ui-button--secondary"
                disabled={sending}
                onClick={async () => {
                  const answer = await send(() => resend({ id: recordId }).unwrap(), () => undefined);
                  // Registered meanwhile (409): the page reads the account as it now stands.
                  if (!answer) return revalidator.revalidate();
                  onChange(answer.account);
                  dispatch(pushMessage({ kind: 'info', text: `Une nouvelle invitation a été envoyée à ${answer.account.email}.` }));
                }}
              >
                Renvoyer l’invitation
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

const idOrNull = (value: string) => (value === '' || value === OTHER_GOOD ? null : Number(value));

/** « Visite d’un logement · Sur place »: an event's type and sub-reason. */
function eventTitle(event: Pick<RecordEventView, 'type' | 'reason'>): string {
  const type = eventType(event.type);
  const reason = event.reason && labelOf(type.reasons, event.reason);
  return reason ? `${type.label} · ${reason}` : type.label;
}

/** The good an event names: one the household wished first, else any good of any residence. */
function GoodFields({ form, record, required }: { form: FormBinding; record: StaffRecord; required: boolean }) {
  const other = form.values.good_id === OTHER_GOOD;
  const residence = Number(form.values.other_residence ?? '') || 0;
  const residences = useRecordResidenceOptionsQuery(undefined, { skip: !other });
  const goods = useEventGoodOptionsQuery(residence, { skip: !other || residence === 0 });
  const options: Option[] = [
    ...record.wished_goods.map((good) => ({ value: String(good.id), label: good.label })),
    { value: OTHER_GOOD, label: 'Un autre logement…' },
  ];
  // Another residence, another list of goods: the good chosen in the first one no longer stands.
  const residenceBinding: FormBinding = {
    ...form,
    set: (field, value) => {
      form.set(field, value);
      form.set('other_good', '');
    },
  };
  return (
    <>
      <SelectField
        form={form}
        name="good_id"
        label="Logement concerné"
        hint={record.wished_goods.length > 0 ? 'Les logements souhaités par le foyer, ou tout autre logement.' : 'Le foyer n’a souhaité aucun logement précis : choisissez-en un dans sa résidence.'}
        placeholder={required ? 'Choisissez un logement' : 'Aucun'}
        options={options}
        required={required}
      />
      {other && (
        <>
          <SelectField
            form={residenceBinding}
            name="other_residence"
            label="Résidence du logement"
            placeholder="Choisissez une résidence"
            options={(residences.data ?? []).map((option) => ({ value: String(option.value), label: option.label }))}
          />
          {residence !== 0 && (
            <SelectField
              form={form}
              name="other_good"
              label="Logement de la résidence"
              placeholder={goods.isFetching ? 'Chargement des logements…' : 'Choisissez un logement'}
              options={(goods.data ?? []).map((good) => ({ value: String(good.id), label: good.label }))}
              required
            />
          )}
        </>
      )}
    </>
  );
}

/** A follow-up event: its type, the sub-reason and good the type calls for, when, its outcome, a comment. */
function EventForm({ record, onAdded }: { record: StaffRecord; onAdded: (event: RecordEventView) => void }) {
  const name = `record-event-${record.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateRecordEventMutation();
  const typeValue = form.value('type') as EventType | '';
  const type = typeValue ? eventType(typeValue) : null;
  const other = form.value('good_id') === OTHER_GOOD;
  // A new type keeps what still applies to it: its sub-reason if it has it, the good if it names one.
  const typeBinding: FormBinding = {
    ...form,
    set: (field, value) => {
      form.set(field, value);
      const next = EVENT_TYPE_OPTIONS.find((option) => option.value === value);
      if (!next || !next.reasons.some((reason) => reason.value === form.value('reason'))) form.set('reason', '');
      if (!next || next.good === 'none') form.set('good_id', '');
    },
  };
  // The API names the good `good_id`; picked among all goods, its error shows on that list.
  const fieldsOn = { ...form, showErrors: (errors: Record<string, string>) => form.showErrors(other && errors.good_id ? { ...errors, other_good: errors.good_id } : errors) };
  return (
    <form
      noValidate
      aria-label="Enregistrer un événement"
      className="record-event-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const body = {
          record_id: record.id,
          type: typeValue,
          reason: type && type.reasons.length > 0 ? form.value('reason') || null : null,
          good_id: type && type.good !== 'none' ? idOrNull(other ? form.value('other_good') : form.value('good_id')) : null,
          at: form.value('at'),
          outcome: form.value('outcome') || null,
          comment: form.value('comment') || null,
        };
        // The time is sent as typed: the API reads it as France's.
        const answer = await submit(fieldsOn, eventCreateSchema, body, (checked) => create(checked).unwrap());
        if (!answer) return;
        dispatch(formFilled({ form: name, values: { at: parisLocalDateTime(new Date()) }, source: `after-${answer.event.id}` }));
        onAdded(answer.event);
        dispatch(pushMessage({ kind: 'info', text: `L’événement « ${eventType(answer.event.type).label} » est enregistré.` }));
      }}
    >
      <h3>Enregistrer un événement</h3>
      <div className="bo-form">
        <SelectField form={typeBinding} name="type" label="Type d’événement" placeholder="Choisissez un type" options={EVENT_TYPE_OPTIONS} required />
        {type && type.reasons.length > 0 && (
          <SelectField
            form={form}
            name="reason"
            label="Motif"
            placeholder={type.reasonRequired ? 'Choisissez un motif' : 'Aucun'}
            options={type.reasons}
            required={type.reasonRequired}
          />
        )}
        {type && type.good !== 'none' && <GoodFields form={form} record={record} required={type.good === 'required'} />}
        <DateField form={form} name="at" label="Date et heure" hint="Quand il a eu lieu, ou aura lieu." time defaultValue={parisLocalDateTime(new Date())} required />
        <SelectField form={form} name="outcome" label="Issue" placeholder="Aucune" options={OUTCOME_OPTIONS} />
        <div className="bo-form__wide">
          <TextareaField form={form} name="comment" label="Commentaire" rows={3} maxLength={2000} />
        </div>
      </div>
      <SubmitActions failure={failure} sending={sending}>Enregistrer l’événement</SubmitActions>
    </form>
  );
}

/** The follow-up events, newest first: each one's type, sub-reason, good, date, outcome, comment and author. */
export function EventsPanel({ record, view, onChange }: { record: StaffRecord; view: FollowUpView; onChange: OnFollowUp }) {
  const { user_id: me, roles } = useAppSelector(selectSession);
  const [remove] = useDeleteRecordEventMutation();
  const removal = useSubmission();
  const dispatch = useAppDispatch();
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

/** The team's private notes on the file: never shown to the applicant. */
export function NotesPanel({ recordId, view, onChange }: { recordId: number; view: FollowUpView; onChange: OnFollowUp }) {
  const name = `record-note-${recordId}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateRecordNoteMutation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? view.notes : view.notes.slice(0, 5);
  return (
    <section className="bo-panel record-notes" id="notes" aria-labelledby="record-notes-title">
      <h2 id="record-notes-title">Notes privées</h2>
      <p className="record-private">Visibles par l’équipe uniquement : le demandeur ne les voit jamais.</p>
      <form
        noValidate
        aria-label="Ajouter une note"
        onSubmit={async (event) => {
          event.preventDefault();
          const answer = await submit(form, noteCreateSchema, { record_id: recordId, body: form.value('body') }, (checked) => create(checked).unwrap());
          if (!answer) return;
          dispatch(formReset(name));
          onChange(answer);
          dispatch(pushMessage({ kind: 'info', text: 'La note est ajoutée au dossier.' }));
        }}
      >
        <TextareaField form={form} name="body" label="Nouvelle note" rows={3} maxLength={2000} required />
        <SubmitActions failure={failure} sending={sending}>Ajouter la note</SubmitActions>
      </form>
      {view.notes.length === 0 ? (
        <p>Aucune note pour le moment.</p>
      ) : (
        <>
          <ol className="record-entries" aria-label="Notes, de la plus récente à la plus ancienne">
            {shown.map((note) => (
              <li key={note.id}>
                <p className="record-text">{note.body}</p>
                <p className="record-muted">
                  {note.by}, le <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
                </p>
              </li>
            ))}
          </ol>
          {view.notes.length > shown.length || expanded ? (
            <button type="button" className="ui-button ui-button--secondary ui-button--small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Afficher les 5 plus récentes' : `Afficher les ${view.notes.length} notes`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
