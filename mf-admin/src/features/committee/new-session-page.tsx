import { useRef } from 'react';
import { Link } from 'react-router';
import { sessionCreateSchema } from '@hsa-lli/common/back-office';
import { formatDateTime } from '@hsa-lli/common/domain';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { SubmitActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLeave } from '../../components/edit-form.js';
import { OptionsGate } from '../../components/loaded-options.js';
import '../../components/back-office.css';
import { useCreateCommitteeSessionMutation } from './committee-api.js';
import { focusFirstError } from './focus-error.js';
import { SessionFields, sessionBody, sessionValues, useMemberChoices } from './session-fields.js';
import './committee.css';

const LIST = '/admin/comites';
const NEW_FORM = 'committee-session-new';

/** `/admin/comites/nouveau`: a session is programmed with its date, place, members and goods; candidates come next. */
export function NewSessionPage() {
  const dispatch = useAppDispatch();
  const members = useMemberChoices();
  const { form, ready, dirty, discard } = useEditForm(NEW_FORM, sessionValues(), 'new');
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateCommitteeSessionMutation();
  const { leaving, leaveTo } = useLeave();
  const element = useRef<HTMLFormElement>(null);
  return (
    <section className="committee-page">
      <Link className="bo-back" to={LIST}>
        ← Toutes les séances
      </Link>
      <h1>Nouvelle séance</h1>
      <OptionsGate lists={[members]}>
        {ready && (
          <form
            ref={element}
            noValidate
            aria-label="Nouvelle séance"
            onSubmit={async (event) => {
              event.preventDefault();
              const answer = await submit(form, sessionCreateSchema, sessionBody(form.values), (body) => create(body).unwrap());
              if (!answer) return focusFirstError(element.current);
              dispatch(pushMessage({ kind: 'info', text: `La séance du ${formatDateTime(answer.session.date)} est programmée. Ajoutez les candidats de chaque logement, puis ouvrez-la.` }));
              dispatch(formReset(NEW_FORM));
              leaveTo(`${LIST}/${answer.session.id}`);
            }}
          >
            <SessionFields form={form} members={members} />
            <SubmitActions failure={failure} sending={sending}>
              Programmer la séance
            </SubmitActions>
          </form>
        )}
      </OptionsGate>
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}
