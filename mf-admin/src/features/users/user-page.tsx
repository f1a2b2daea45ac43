import { Link, useLoaderData } from 'react-router';
import { userUpdateSchema, type UserAdminView, type UserAnswer } from '@hsa-lli/common/back-office';
import { formatDateTime, INVITABLE_ROLE_OPTIONS, invitationSchema, pageOpenTo, ROLE_OPTIONS, ROLES } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { formReset, pushMessage, selectSession, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { CheckboxGroup, checkedValues, RadioGroup, RequestErrorMessage, TextField, useSubmission } from '@hsa-lli/common/ui';
import { ConfirmButton, DeleteButton, type HistoryField, HistoryPanel, SaveActions, SubmitActions, UnsavedChangesGuard, useCheckedSubmission, useEditForm, useLatestAnswer, useLeave } from '../../components/edit-form.js';
import '../../components/back-office.css';
import './users.css';
import { RecordViewsPanel } from './record-views-panel.js';
import { rolesText, stateLabel, UserStateBadge } from './user-labels.js';
import {
  useChangeUserAccountMutation,
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  useWithdrawInvitationMutation,
} from './users-api.js';
import type { userLoader } from '../../loaders.js';

const LIST = '/admin/liste-des-utilisateurs';
const NEW_FORM = 'user-new';
const EMPTY = { email: '', first_name: '', last_name: '', role: '' };

const HISTORY_FIELDS: Record<string, HistoryField> = {
  email: { label: 'E-mail' },
  first_name: { label: 'Prénom' },
  last_name: { label: 'Nom' },
  roles: { label: 'Rôles', format: (value) => rolesText(value as string[]) },
  state: { label: 'État', format: (value) => stateLabel(String(value)) },
};

const nameOf = (user: UserAdminView) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** The invitation form: the account is created at once and its owner chooses a password through the e-mailed link. */
export function NewUserPage() {
  const dispatch = useAppDispatch();
  const { form, ready, dirty, discard } = useEditForm(NEW_FORM, EMPTY, 'new');
  const { sending, failure, submit } = useCheckedSubmission();
  const [create] = useCreateUserMutation();
  const { leaving, leaveTo } = useLeave();

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les utilisateurs
      </Link>
      <h1>Nouvel utilisateur</h1>
      <p>Le compte est créé aussitôt ; la personne reçoit par e-mail un lien, valable sept jours, pour choisir son mot de passe.</p>
      {ready && (
        <form
          noValidate
          aria-label="Invitation d'un utilisateur"
          className="bo-panel"
          onSubmit={async (event) => {
            event.preventDefault();
            const body = { email: form.values.email ?? '', first_name: form.values.first_name ?? '', last_name: form.values.last_name ?? '', role: form.values.role ?? '' };
            const answer = await submit(form, invitationSchema, body, (checked) => create(checked).unwrap());
            if (!answer) return;
            dispatch(pushMessage({ kind: 'info', text: `Le compte de ${nameOf(answer.user)} est créé : une invitation a été envoyée à ${answer.user.email}.` }));
            dispatch(formReset(NEW_FORM));
            leaveTo(`${LIST}/${answer.user.id}`);
          }}
        >
          <div className="bo-form">
            <div className="bo-form__wide">
              <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" required />
            </div>
            <TextField form={form} name="first_name" label="Prénom" required maxLength={100} />
            <TextField form={form} name="last_name" label="Nom" required maxLength={100} />
            <div className="bo-form__wide">
              <RadioGroup form={form} name="role" label="Rôle" required inline options={INVITABLE_ROLE_OPTIONS} />
            </div>
          </div>
          <SubmitActions failure={failure} sending={sending}>Envoyer l'invitation</SubmitActions>
        </form>
      )}
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}

/** When the invitation was sent and until when its link works. */
function invitationText(user: UserAdminView): string {
  if (!user.invitation) return 'Aucun lien en cours : renvoyez une invitation pour que la personne puisse choisir son mot de passe.';
  const sent = `Envoyée le ${formatDateTime(user.invitation.sent_at)}`;
  return user.invitation.expired ? `${sent}, expirée depuis le ${formatDateTime(user.invitation.expires_at)}` : `${sent}, valable jusqu’au ${formatDateTime(user.invitation.expires_at)}`;
}

/** An account: its names and roles, where it stands, what can be done with it, and its history. */
export function UserPage() {
  const loaded = useLoaderData<typeof userLoader>();
  const dispatch = useAppDispatch();
  const ownId = useAppSelector(selectSession).user_id;
  const [{ user, history }, setSaved] = useLatestAnswer(loaded);
  const roles = ROLES.filter((role) => user.roles.includes(role)).join(',');
  const { form, ready, dirty, discard } = useEditForm(`user-${user.id}`, { first_name: user.first_name, last_name: user.last_name, roles }, `${user.id}@${user.version}`);
  const { sending, failure, submit } = useCheckedSubmission();
  const account = useSubmission();
  const [update] = useUpdateUserMutation();
  const [change] = useChangeUserAccountMutation();
  const [withdraw] = useWithdrawInvitationMutation();
  const [remove] = useDeleteUserMutation();
  const { leaving, leaveTo } = useLeave();
  const name = nameOf(user);
  const own = user.id === ownId;

  /** Runs an account action; its answer (the account as it now stands) replaces the page's. */
  const act = async (call: () => Promise<UserAnswer>, done: string) => {
    const answer = await account.send(call, () => undefined);
    if (!answer) return;
    setSaved(answer);
    dispatch(pushMessage({ kind: 'info', text: done }));
  };

  return (
    <section>
      <Link className="bo-back" to={LIST}>
        ← Tous les utilisateurs
      </Link>
      <div className="bo-heading">
        <div className="user-title">
          <h1>{name}</h1>
          <UserStateBadge state={user.state} />
        </div>
      </div>
      {ready && (
        <form
          noValidate
          aria-label={`Utilisateur ${name}`}
          className="bo-panel"
          onSubmit={async (event) => {
            event.preventDefault();
            const values = form.values;
            const body = { id: user.id, version: user.version, first_name: values.first_name ?? '', last_name: values.last_name ?? '', roles: checkedValues(values.roles ?? '') };
            const answer = await submit(form, userUpdateSchema, body, (checked) => update(checked).unwrap());
            if (!answer) return;
            setSaved(answer);
            dispatch(pushMessage({ kind: 'info', text: 'Les modifications ont été enregistrées.' }));
          }}
        >
          <dl className="bo-meta user-facts">
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Dernière connexion</dt>
            <dd>{user.last_login_at ? formatDateTime(user.last_login_at) : 'Jamais'}</dd>
            <dt>Compte créé le</dt>
            <dd>{formatDateTime(user.created_at)}</dd>
          </dl>
          <div className="bo-form">
            <TextField form={form} name="first_name" label="Prénom" required maxLength={100} />
            <TextField form={form} name="last_name" label="Nom" required maxLength={100} />
            <div className="bo-form__wide">
              <CheckboxGroup
                form={form}
                name="roles"
                label="Rôles"
                hint={own ? 'Au moins un. Votre propre rôle « Support technique » ne peut vous être retiré que par un autre administrateur.' : 'Au moins un.'}
                required
                inline
                options={ROLE_OPTIONS}
              />
            </div>
          </div>
          <SaveActions failure={failure} sending={sending} dirty={dirty}>
          </SaveActions>
        </form>
      )}

      <section className="bo-panel" aria-labelledby="user-account-title">
        <h2 id="user-account-title">Accès au compte</h2>
        <dl className="bo-meta">
          <dt>État</dt>
          <dd>{stateLabel(user.state)}</dd>
          {user.state === 'invited' && (
            <>
              <dt>Invitation</dt>
              <dd>{invitationText(user)}</dd>
            </>
          )}
        </dl>
        {account.failure && <RequestErrorMessage error={account.failure} />}
        <div className="bo-actions">
          {user.state === 'active' && !own && (
            <ConfirmButton
              label="Désactiver"
              title="Désactiver ce compte ?"
              confirmLabel="Désactiver le compte"
              danger
              onConfirm={() => act(() => change({ action: 'deactivate', id: user.id }).unwrap(), `Le compte de ${name} est désactivé.`)}
            >
              <p>{name} sera déconnecté(e) immédiatement et ne pourra plus se connecter. Vous pourrez réactiver le compte plus tard.</p>
            </ConfirmButton>
          )}
          {user.state === 'active' && own && <p>C’est votre propre compte : seul un autre administrateur peut le désactiver.</p>}
          {user.state === 'deactivated' && (
            <ConfirmButton
              label="Réactiver"
              title="Réactiver ce compte ?"
              confirmLabel="Réactiver le compte"
              onConfirm={() => act(() => change({ action: 'reactivate', id: user.id }).unwrap(), `Le compte de ${name} est réactivé.`)}
            >
              <p>{name} pourra de nouveau se connecter. Un compte qui n’a jamais servi attendra une nouvelle invitation.</p>
            </ConfirmButton>
          )}
          {user.state === 'invited' && (
            <>
              <ConfirmButton
                label="Renvoyer l'invitation"
                title="Renvoyer l'invitation ?"
                confirmLabel="Renvoyer l'invitation"
                onConfirm={() => act(() => change({ action: 'resend-invitation', id: user.id }).unwrap(), `Une nouvelle invitation a été envoyée à ${user.email}.`)}
              >
                <p>Un nouveau lien, valable sept jours, sera envoyé à {user.email}. Les liens envoyés auparavant ne fonctionneront plus.</p>
              </ConfirmButton>
              {user.invitation && (
                <ConfirmButton
                  label="Retirer l'invitation"
                  title="Retirer l'invitation ?"
                  confirmLabel="Retirer l'invitation"
                  danger
                  onConfirm={() =>
                    act(async () => {
                      await withdraw({ email: user.email }).unwrap();
                      return http.post<UserAnswer>('/users/get-one', { id: user.id }, { minDuration: 0 });
                    }, `L'invitation de ${name} est retirée.`)
                  }
                >
                  <p>Le lien envoyé à {user.email} ne fonctionnera plus. Le compte reste en attente : vous pourrez renvoyer une invitation ou le supprimer.</p>
                </ConfirmButton>
              )}
              <DeleteButton
                title="Supprimer ce compte ?"
                onConfirm={async () => {
                  const done = await account.send(() => remove({ id: user.id }).unwrap(), () => undefined);
                  if (!done) return;
                  dispatch(pushMessage({ kind: 'info', text: `Le compte de ${name} a été supprimé.` }));
                  leaveTo(LIST);
                }}
              >
                <p>Le compte de {name}, qui n’a jamais servi, sera supprimé et son invitation ne fonctionnera plus.</p>
              </DeleteButton>
            </>
          )}
        </div>
      </section>
      {/* Staff who open application files have a daily limit an administrator may raise. */}
      {user.state === 'active' && pageOpenTo('/admin/liste-des-dossiers/[id]', user.roles) && <RecordViewsPanel id={user.id} name={name} />}
      <HistoryPanel entries={history} fields={HISTORY_FIELDS} />
      <UnsavedChangesGuard when={dirty && !leaving} onDiscard={discard} />
    </section>
  );
}
