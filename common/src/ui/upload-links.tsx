import { useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../domain/format.js';
import { uploadLinkCreateSchema, type UploadLinkView } from '../domain/upload-links.js';
import type { RequestErrorData } from '../http/errors.js';
import { errorText, pushMessage, useAppDispatch } from '../store/index.js';
import { TextField } from './fields/index.js';
import { useForm } from './form.js';
import { Loader } from './loader.js';
import { MessageBox } from './message.js';
import { RequestErrorMessage } from './request-error-message.js';
import { useSubmission } from './use-submission.js';

/** The calls behind the links of one file: its owner's (`upload-links/…`) or staff's (`…-for-record`). */
export interface UploadLinkCalls {
  /** The links in use, as the list query holds them. */
  links: { data?: UploadLinkView[]; isLoading: boolean; error?: unknown };
  create: (email: string | undefined) => Promise<{ link: UploadLinkView; url: string }>;
  withdraw: (id: number) => Promise<unknown>;
}

/**
 * Links that let someone without an account add documents to a file (a co-applicant, a relative, an employer) for 14
 * days, without seeing what is there: created (and e-mailed if asked), the address shown once to copy, withdrawn at
 * will. The same panel for the file's owner and for staff; `intro` says whose file it is.
 */
export function UploadLinksPanel({
  title,
  intro,
  form: formName,
  className,
  links,
  create,
  withdraw,
}: UploadLinkCalls & { title: string; intro: ReactNode; form: string; className: string }) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const urlId = useId();
  const form = useForm(formName, uploadLinkCreateSchema);
  const { sending, failure, send } = useSubmission();
  const [created, setCreated] = useState<{ url: string; email: string | null } | null>(null);
  const [copied, setCopied] = useState('');
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const [withdrawFailure, setWithdrawFailure] = useState<string | null>(null);
  const loadFailure = typeof links.error === 'object' && links.error !== null && 'error' in links.error ? (links.error as RequestErrorData) : null;

  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>{intro}</p>
      <form
        noValidate
        aria-label="Création d’un lien de dépôt"
        onSubmit={async (event) => {
          const values = form.submit(event);
          if (!values) return;
          setCopied('');
          const answer = await send(() => create(values.email?.trim() || undefined), form.showErrors);
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
        <div className="ui-upload-links__new">
          <MessageBox kind="info">
            Le lien est créé{created.email ? ` et a été envoyé à ${created.email}` : ''}. Copiez-le maintenant si vous devez le transmettre : il ne sera plus
            affiché.
          </MessageBox>
          <div className="ui-field">
            <label htmlFor={urlId}>Lien de dépôt</label>
            <div className="ui-upload-links__copy">
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
      {loadFailure && <RequestErrorMessage error={loadFailure} />}
      {withdrawFailure && (
        <MessageBox kind="error" onClose={() => setWithdrawFailure(null)}>
          {withdrawFailure}
        </MessageBox>
      )}
      {links.data &&
        (links.data.length === 0 ? (
          <p>Aucun lien en cours.</p>
        ) : (
          <ul className="ui-upload-links__list">
            {links.data.map((link) => (
              <li key={link.id}>
                <span>
                  Créé le {formatDateTime(link.created_at)} par {link.created_by}
                  {link.email ? `, envoyé à ${link.email}` : ''}, valable jusqu’au {formatDateTime(link.expires_at)}.
                </span>
                <button
                  type="button"
                  className="ui-button ui-button--secondary ui-button--small"
                  disabled={withdrawing !== null}
                  onClick={async () => {
                    setWithdrawFailure(null);
                    setWithdrawing(link.id);
                    try {
                      await withdraw(link.id);
                      dispatch(pushMessage({ kind: 'info', text: 'Le lien est retiré : il ne permet plus de déposer des pièces.' }));
                    } catch (error) {
                      setWithdrawFailure(errorText(error));
                    } finally {
                      setWithdrawing(null);
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
