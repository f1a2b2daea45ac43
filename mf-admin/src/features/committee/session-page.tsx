import { useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { sessionUpdateSchema, type CommitteeSessionView, type SessionAnswer } from '@hsa-lli/common/back-office';
import { formatDateTime, plural } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { RequestErrorMessage } from '@hsa-lli/common/ui';
import { ConfirmButton, SaveActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLatestAnswer } from '../../components/edit-form.js';
import { OptionsGate } from '../../components/loaded-options.js';
import '../../components/back-office.css';
import { useOpenCommitteeSessionMutation, useUpdateCommitteeSessionMutation } from './committee-api.js';
import { SessionStateBadge, SessionWhere, sessionTitle } from './committee-labels.js';
import { focusFirstError } from './focus-error.js';
import { GoodCandidatesPanel } from './good-candidates-panel.js';
import { MembersPanel } from './members-panel.js';
import { MinutesDownload } from './minutes-download.js';
import { SessionFields, sessionBody, sessionValues, useMemberChoices } from './session-fields.js';
import './committee.css';
import type { sessionLoader } from '../../loaders.js';


const LIST = '/admin/comites';

/** When, where, and how the session went: what the page says of it whatever may still change. */
function SessionFacts({ session }: { session: CommitteeSessionView }) {
  return (
    <dl className="bo-meta committee-facts">
      <dt>Lieu</dt>
      <dd>
        <SessionWhere place={session.place} video_url={session.video_url} />
      </dd>
      <dt>Fin du vote</dt>
      <dd>{session.vote_closes_at ? formatDateTime(session.vote_closes_at) : 'À la clôture de la séance'}</dd>
      {session.opened_at && (
        <>
          <dt>Ouverte le</dt>
          <dd>{formatDateTime(session.opened_at)}</dd>
        </>
      )}
      {session.closed_at && (
        <>
          <dt>Close le</dt>
          <dd>
            {formatDateTime(session.closed_at)}
            {session.closed_by && `, par ${session.closed_by}`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** « Ouvrir la séance », behind a question that says the members will be e-mailed. */
function OpenSession({ session, onChange }: { session: CommitteeSessionView; onChange: (answer: SessionAnswer) => void }) {
  const dispatch = useAppDispatch();
  const [open] = useOpenCommitteeSessionMutation();
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  return (
    <div className="committee-open">
      <ConfirmButton
        label="Ouvrir la séance"
        title="Ouvrir la séance ?"
        confirmLabel="Ouvrir et prévenir les membres"
        onConfirm={async () => {
          setFailure(null);
          try {
            onChange(await open({ id: session.id }).unwrap());
            dispatch(pushMessage({ kind: 'info', text: 'La séance est ouverte : les membres ont été prévenus par e-mail.' }));
          } catch (error) {
            const failed = error as RequestErrorData;
            setFailure({ ...failed, error: [failed.error, ...Object.values(failed.fields ?? {})].join(' ') });
          }
        }}
      >
        <p>
          Chaque membre de la séance ({plural(session.members.length, 'membre', 'membres')}) recevra un e-mail l’invitant à donner son avis sur les candidats
          ({plural(session.goods.length, 'logement', 'logements')} à l’ordre du jour).
        </p>
      </ConfirmButton>
      {failure && <RequestErrorMessage error={failure} />}
    </div>
  );
}

/** The session's form: date, place, members and agenda, saved on the version read. */
function SessionForm({ session, onChange }: { session: CommitteeSessionView; onChange: (answer: SessionAnswer) => void }) {
  const dispatch = useAppDispatch();
  const members = useMemberChoices(session);
  const { form, ready, dirty, discard } = useEditForm(`committee-session-${session.id}`, sessionValues(session), `${session.id}@${session.version}`);
  const { sending, failure, submit } = useCheckedSubmission();
  const [update] = useUpdateCommitteeSessionMutation();
  const revalidator = useRevalidator();
  const element = useRef<HTMLFormElement>(null);
  return (
    <OptionsGate lists={[members]}>
      {ready && (
        <form
          ref={element}
          noValidate
          aria-label="Préparation de la séance"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { id: session.id, version: session.version, ...sessionBody(form.values) };
            const answer = await submit(form, sessionUpdateSchema, body, (checked) => update(checked).unwrap());
            if (!answer) return focusFirstError(element.current);
            onChange(answer);
            dispatch(pushMessage({ kind: 'info', text: 'Les modifications de la séance ont été enregistrées.' }));
          }}
        >
          <SessionFields form={form} members={members} session={session} />
          <SaveActions failure={failure} sending={sending} dirty={dirty} />
          {/* Closed meanwhile: the page shows the session as it now stands, read-only. */}
          {failure?.code === 'session_closed' && (
            <button type="button" className="ui-button ui-button--secondary" onClick={() => void revalidator.revalidate()}>
              Recharger la fiche
            </button>
          )}
          <UnsavedChangesGuard when={dirty} onDiscard={discard} />
        </form>
      )}
    </OptionsGate>
  );
}

/** `/admin/comites/<id>`: a session as staff prepare, open and follow it; read-only once closed. */
export function SessionPage() {
  const loaded = useLoaderData<typeof sessionLoader>();
  const [{ session }, setSaved] = useLatestAnswer(loaded);
  return (
    <section className="committee-page">
      <Link className="bo-back" to={LIST}>
        ← Toutes les séances
      </Link>
      <div className="bo-heading">
        <h1>{sessionTitle(session.date)}</h1>
        <SessionStateBadge state={session.state} />
      </div>
      <SessionFacts session={session} />
      {session.can.open && <OpenSession session={session} onChange={setSaved} />}
      {session.state === 'closed' && <MinutesDownload sessionId={session.id} />}
      {session.can.edit && <SessionForm key={session.id} session={session} onChange={setSaved} />}
      <MembersPanel session={session} />
      {session.goods.map((good) => (
        <GoodCandidatesPanel key={good.id} session={session} good={good} onChange={setSaved} />
      ))}
    </section>
  );
}
