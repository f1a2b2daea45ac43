import { followerSchema, type FollowUpView } from '@hsa-lli/common/back-office';
import type { Option } from '@hsa-lli/common/domain';
import { pushMessage, selectSession, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { RequestErrorMessage, SelectField } from '@hsa-lli/common/ui';
import { useCheckedSubmission, useEditForm } from '../../../components/edit-form.js';
import { useRecordFollowersQuery, useSetRecordFollowerMutation } from '../record-api.js';
import type { OnFollowUp } from './on-follow-up.js';

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
