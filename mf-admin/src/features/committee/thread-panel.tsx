import { threadPostSchema, type CommitteeSessionView, type SessionAnswer, type SessionGoodView } from '@hsa-lli/common/back-office';
import { formatDateTime } from '@hsa-lli/common/domain';
import { formReset, useAppDispatch } from '@hsa-lli/common/store';
import { TextareaField, useForm } from '@hsa-lli/common/ui';
import { SubmitActions, useCheckedSubmission } from '../../components/edit-form.js';
import { usePostCommitteeMessageMutation } from './committee-api.js';

/** The discussion of a good among the session's members and staff, oldest message first; it closes with the session. */
export function ThreadPanel({ session, good, onChange }: { session: CommitteeSessionView; good: SessionGoodView; onChange: (answer: SessionAnswer) => void }) {
  const name = `committee-thread-${session.id}-${good.id}`;
  const form = useForm(name);
  const dispatch = useAppDispatch();
  const { sending, failure, submit } = useCheckedSubmission();
  const [post] = usePostCommitteeMessageMutation();
  const titleId = `committee-thread-${good.id}`;
  return (
    <section className="committee-thread" aria-labelledby={titleId}>
      <h3 id={titleId}>Discussion sur {good.reference}</h3>
      {good.thread.length === 0 ? (
        <p className="committee-muted">Aucun message pour le moment.</p>
      ) : (
        <ol className="committee-thread__messages">
          {good.thread.map((message) => (
            <li key={message.id}>
              <p className="committee-muted">
                {message.author}, le <time dateTime={message.at}>{formatDateTime(message.at)}</time>
              </p>
              <p className="committee-thread__body">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {session.state !== 'closed' && (
        <form
          noValidate
          aria-label={`Écrire sur ${good.reference}`}
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await submit(form, threadPostSchema, { session_id: session.id, good_id: good.id, body: form.value('body') }, (checked) => post(checked).unwrap());
            if (!answer) return;
            dispatch(formReset(name));
            onChange(answer);
          }}
        >
          <TextareaField form={form} name="body" label="Votre message" required rows={2} maxLength={2000} />
          <SubmitActions failure={failure} sending={sending}>
            Publier le message
          </SubmitActions>
        </form>
      )}
    </section>
  );
}
