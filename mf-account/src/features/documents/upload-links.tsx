import { useId, useState } from 'react';
import { formatDateTime, uploadLinkCreateSchema } from '@hsa-lli/common/domain';
import { errorText, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { CallError } from '../../lib/call-errors.js';
import { useCreateUploadLinkMutation, useListUploadLinksQuery, useWithdrawUploadLinkMutation } from '../../lib/my-record-api.js';

const FORM = 'upload-link';

/**
 * Links that let someone without an account add documents to the file (a co-applicant, a relative) for 14 days, without
 * seeing what is there: created (and e-mailed if asked), the address shown once to copy, withdrawn at will.
 */
export function UploadLinks() {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const urlId = useId();
  const links = useListUploadLinksQuery();
  const form = useForm(FORM, uploadLinkCreateSchema);
  const { sending, failure, send } = useSubmission();
  const [create] = useCreateUploadLinkMutation();
  const [created, setCreated] = useState<{ url: string; email: string | null } | null>(null);
  const [copied, setCopied] = useState('');
  const [withdraw, withdrawal] = useWithdrawUploadLinkMutation();
  const [withdrawFailure, setWithdrawFailure] = useState<string | null>(null);

  return (
    <section className="ui-card my-documents__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Faire déposer des pièces par quelqu’un d’autre</h2>
      <p>
        Un lien de dépôt permet à une personne sans compte (votre co-demandeur, un proche, votre employeur) d’ajouter des pièces à votre dossier pendant
        14&nbsp;jours. Elle ne voit aucune des pièces qui s’y trouvent déjà.
      </p>
      <form
        noValidate
        aria-label="Création d’un lien de dépôt"
        onSubmit={async (event) => {
          const values = form.submit(event);
          if (!values) return;
          setCopied('');
          const email = values.email?.trim() || undefined;
          const answer = await send(() => create({ email }).unwrap(), form.showErrors);
          if (!answer) return;
          setCreated({ url: answer.url, email: answer.link.email });
          form.set('email', '');
        }}
      >
        <TextField
          form={form}
          name="email"
          type="email"
          label="E-mail de la personne (facultatif)"
          hint="Nous lui enverrons le lien. Sans adresse, copiez le lien pour le lui transmettre vous-même."
          autoComplete="off"
        />
        {failure && <RequestErrorMessage error={failure} />}
        <button type="submit" className="ui-button" disabled={sending}>
          Créer un lien de dépôt
        </button>
        <Loader active={sending} label="Création du lien" />
      </form>
      {created && (
        <div className="my-documents__new-link">
          <MessageBox kind="info">
            Le lien est créé{created.email ? ` et a été envoyé à ${created.email}` : ''}. Copiez-le maintenant si vous devez le transmettre : il ne sera plus
            affiché.
          </MessageBox>
          <div className="ui-field">
            <label htmlFor={urlId}>Lien de dépôt</label>
            <div className="my-documents__copy">
              <input id={urlId} type="text" readOnly value={created.url} onFocus={(event) => event.target.select()} />
              <button
                type="button"
                className="ui-button ui-button--secondary"
                onClick={() =>
                  navigator.clipboard.writeText(created.url).then(
                    () => setCopied('Le lien est copié.'),
                    () => setCopied('Le lien n’a pas pu être copié : sélectionnez-le et copiez-le vous-même.'),
                  )
                }
              >
                Copier le lien
              </button>
            </div>
            <p role="status" className="ui-field__hint">
              {copied}
            </p>
          </div>
        </div>
      )}
      <h3>Liens en cours</h3>
      {links.isLoading && <Loader label="Chargement des liens" />}
      <CallError error={links.error} />
      {withdrawFailure && (
        <MessageBox kind="error" onClose={() => setWithdrawFailure(null)}>
          {withdrawFailure}
        </MessageBox>
      )}
      {links.data &&
        (links.data.length === 0 ? (
          <p>Aucun lien en cours.</p>
        ) : (
          <ul className="my-documents__links">
            {links.data.map((link) => (
              <li key={link.id}>
                <span>
                  Créé le {formatDateTime(link.created_at)} par {link.created_by}
                  {link.email ? `, envoyé à ${link.email}` : ''}, valable jusqu’au {formatDateTime(link.expires_at)}.
                </span>
                <button
                  type="button"
                  className="ui-button ui-button--secondary ui-button--small"
                  disabled={withdrawal.isLoading}
                  onClick={async () => {
                    setWithdrawFailure(null);
                    try {
                      await withdraw({ id: link.id }).unwrap();
                      dispatch(pushMessage({ kind: 'info', text: 'Le lien est retiré : il ne permet plus de déposer des pièces.' }));
                    } catch (error) {
                      setWithdrawFailure(errorText(error));
                    }
                  }}
                >
                  Retirer<span className="ui-visually-hidden"> le lien créé le {formatDateTime(link.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
