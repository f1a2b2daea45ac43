import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { dataExportFileName, eraseMeSchema, formatTime, type EraseMeAnswer } from '@hsa-lli/common/domain';
import { fetchJobFile, type RequestErrorData } from '@hsa-lli/common/http';
import { formReset, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, Modal, RequestErrorMessage, RequestErrorText, saveFile, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { myDataExportUrl, useEraseMeMutation, useStartMyDataExportMutation } from './credentials-api.js';

const ERASE_FORM = 'credentials-erase';
/**
 * How long the server keeps the archive (RETENTION_EXPORT_MINUTES, one hour), counted here from the request: the link
 * goes away no later than the file it points at.
 */
const ARCHIVE_KEPT_MS = 60 * 60_000;
const EXPORT_FAILED = 'Votre archive n’a pas pu être préparée. Réessayez dans un instant.';

/** What a failed export tells: a session or rights problem as the catalogue says it (with its login link), anything else as the archive's own failure. */
function exportFailure(failure: unknown): Pick<RequestErrorData, 'error' | 'loginLink'> {
  const data = typeof failure === 'object' && failure !== null ? (failure as Partial<RequestErrorData>) : {};
  if (data.ERROR_CODE === 'DENIED' || data.ERROR_CODE === 'FORBIDDEN') return { error: data.error ?? EXPORT_FAILED, loginLink: data.loginLink ?? false };
  return { error: EXPORT_FAILED, loginLink: false };
}

/** Where the archive is at; once ready, its address and until when the server keeps it (ms). */
type ExportState = { step: 'idle' } | { step: 'preparing' } | { step: 'ready'; url: string; until: number };

/** « Télécharger mes données »: the ZIP of everything held about the customer, made by a job, then downloaded. */
function DataExport() {
  const [start] = useStartMyDataExportMutation();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const [failure, setFailure] = useState<Pick<RequestErrorData, 'error' | 'loginLink'> | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  // The link goes once the server no longer keeps the archive: a new one is asked with the button.
  const until = state.step === 'ready' ? state.until : null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setState({ step: 'idle' }), until - Date.now());
    return () => clearTimeout(timer);
  }, [until]);

  const preparing = state.step === 'preparing';
  const download = async () => {
    if (preparing) return;
    setState({ step: 'preparing' });
    setFailure(null);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const asked = Date.now();
    try {
      const { job } = await start().unwrap();
      const url = myDataExportUrl(job.id);
      saveFile(await fetchJobFile(url, current.signal, dataExportFileName(new Date().toISOString().slice(0, 10))));
      setState({ step: 'ready', url, until: asked + ARCHIVE_KEPT_MS });
    } catch (error) {
      if (current.signal.aborted) return;
      setFailure(exportFailure(error));
      setState({ step: 'idle' });
    }
  };

  return (
    <div className="credentials__part">
      <h3>Télécharger mes données</h3>
      <p className="credentials__hint">
        L’archive (un fichier ZIP) rassemble vos informations en PDF et en JSON, vos pièces justificatives telles que nous les conservons, et la liste
        des consultations de votre dossier par notre équipe. Son lien reste valable une heure.
      </p>
      {/* Not disabled while the archive is made: a disabled button would lose the keyboard's focus. */}
      <button type="button" className="ui-button" aria-disabled={preparing} onClick={() => void download()}>
        Télécharger mes données
      </button>
      {/* Always there, so that screen readers hear each change of what it says. */}
      <div className="credentials__status" role="status">
        {preparing && (
          <span className="ui-loader">
            <span className="ui-loader__spinner" aria-hidden="true" />
            Préparation de votre archive…
          </span>
        )}
        {state.step === 'ready' && 'Votre archive est prête : son téléchargement a commencé.'}
      </div>
      {state.step === 'ready' && (
        <p className="credentials__archive">
          <a className="ui-button ui-button--secondary" href={state.url} download>
            Télécharger l’archive (ZIP)
          </a>
          <span className="credentials__hint">Lien valable jusqu’à {formatTime(new Date(state.until))}.</span>
        </p>
      )}
      {failure && (
        <MessageBox kind="error">
          <RequestErrorText error={failure} />
        </MessageBox>
      )}
    </div>
  );
}

/** The dialog's form: the password, then the erasure; mounted anew at each opening, with nothing of the last one. */
function ErasureForm({ formRef, onErased, onCancel }: { formRef: RefObject<HTMLFormElement | null>; onErased: (answer: EraseMeAnswer) => void; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const form = useForm(ERASE_FORM, eraseMeSchema);
  const { sending, failure, send } = useSubmission();
  const [eraseMe] = useEraseMeMutation();
  const [refusals, setRefusals] = useState(0);

  // After a refused attempt, focus goes back to the password, where its error is read.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, [refusals, formRef]);

  const onSubmit = async (event: FormEvent) => {
    const values = form.submit(event);
    if (!values) return setRefusals((count) => count + 1);
    const answer = await send(() => eraseMe({ password: values.password ?? '' }).unwrap(), form.showErrors);
    if (!answer) return setRefusals((count) => count + 1);
    // The password leaves the forms' store at once.
    dispatch(formReset(ERASE_FORM));
    onErased(answer);
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>
        Votre compte, votre dossier et vos pièces justificatives seront effacés. <strong>Cette action est définitive.</strong>
      </p>
      {failure && <RequestErrorMessage error={failure} />}
      <TextField form={form} name="password" label="Mot de passe" type="password" autoComplete="current-password" hint="Votre mot de passe confirme que c’est bien vous." required />
      <div className="ui-modal__actions">
        <button type="submit" className="ui-button ui-button--danger" disabled={sending}>
          Effacer définitivement
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
      <Loader active={sending} label="Effacement en cours" />
    </form>
  );
}

/**
 * « Supprimer mon compte et mon dossier »: a dialog asks for the password, then the account and the file are erased and
 * `onErased` receives what went and what a signed lease keeps.
 */
function Erasure({ onErased }: { onErased: (answer: EraseMeAnswer) => void }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // Once the dialog is shown (by the modal's own effect, which runs first), focus goes to the password: what the
  // person has to type. Closing it gives focus back to the button that opened it (the native dialog does).
  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, [open]);

  const show = () => {
    setOpenings((count) => count + 1);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    dispatch(formReset(ERASE_FORM));
  };

  return (
    <div className="credentials__part">
      <h3>Supprimer mon compte et mon dossier</h3>
      <p className="credentials__hint">
        Votre compte, votre dossier et vos pièces justificatives seront effacés. Téléchargez d’abord vos données si vous souhaitez les garder.
      </p>
      <button type="button" className="ui-button ui-button--danger ui-button--secondary" onClick={show}>
        Supprimer mon compte et mon dossier
      </button>
      <Modal open={open} title="Supprimer mon compte et mon dossier" onClose={close}>
        <ErasureForm key={openings} formRef={formRef} onErased={onErased} onCancel={close} />
      </Modal>
    </div>
  );
}

/** A customer's rights on their data: the archive of it, and the erasure of their account and file. */
export function DataSection({ onErased }: { onErased: (answer: EraseMeAnswer) => void }) {
  return (
    <section className="ui-card credentials__section" aria-labelledby="credentials-data-title">
      <h2 id="credentials-data-title">Mes données personnelles</h2>
      <DataExport />
      <Erasure onErased={onErased} />
    </section>
  );
}
