import { useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { DOCUMENT_DECLINE_REASON_OPTIONS, declineReasonText, type DocumentDeclineReason, type StaffRecord } from '@hsa-lli/common/back-office';
import {
  completeness,
  DOCUMENT_STATUS_OPTIONS,
  documentFacts,
  completenessWords,
  documentKind,
  documentLabel,
  labelOf,
  parseDocumentName,
  PERSONS,
  plural,
  REQUIREMENT_STATE_OPTIONS,
  requirementState,
  SCAN_STATUS_OPTIONS,
  type DocumentName,
  type PersonPosition,
  type RecordDocumentView,
} from '@hsa-lli/common/domain';
import { toRequestError, type RequestErrorData } from '@hsa-lli/common/http';
import { formReset, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { Loader, MessageBox, Modal, RequestErrorMessage, SelectField, TextareaField, UploadLinksPanel, useForm } from '@hsa-lli/common/ui';
import {
  documentCopyUrl,
  useCreateRecordUploadLinkMutation,
  useRecordUploadLinksQuery,
  useReviewDocumentsMutation,
  useWithdrawRecordUploadLinkMutation,
  type DocumentReview,
} from './record-documents-api.js';
import './record-documents.css';

type ReviewForm = ReturnType<typeof useForm>;
type Decision = DocumentReview['status'];

/** The review's fields in the forms store, per file: the decision, and for a refusal its reason and staff's words. */
const decisionField = (id: number) => `decision-${id}`;
const reasonField = (id: number) => `reason-${id}`;
const detailsField = (id: number) => `details-${id}`;

function decisionOf(form: ReviewForm, id: number): Decision | null {
  const value = form.value(decisionField(id));
  return value === 'validated' || value === 'declined' ? value : null;
}

/** The reason the owner will read, once a catalogue reason is chosen (and staff's words given for « Autre motif »). */
function refusalText(form: ReviewForm, id: number): string {
  const reason = form.value(reasonField(id)) as DocumentDeclineReason | '';
  return reason ? declineReasonText(reason, form.value(detailsField(id))) : '';
}

const hidden = (text: string) => <span className="ui-visually-hidden"> {text}</span>;

/** What staff read of the files that changed under their review: the owner replaced or removed one meanwhile. */
const FILE_GONE = 'Un fichier a été remplacé ou supprimé par le demandeur entre-temps : rechargez le dossier.';

interface DocumentGroup {
  person: PersonPosition;
  title: string;
  items: { name: DocumentName; required: boolean; files: RecordDocumentView[] }[];
}

/** Per person, the required documents in the page's order, then those of kinds the situation no longer asks for. */
function documentGroups(record: StaffRecord): DocumentGroup[] {
  const single = record.person_2 === null;
  return PERSONS.filter((person) => person === 1 || !single).map((person) => {
    const identity = person === 1 ? record.person_1 : record.person_2!;
    const fullName = `${identity.first_name} ${identity.last_name}`.trim();
    const role = single ? 'Demandeur' : person === 1 ? 'Premier demandeur' : 'Second demandeur';
    const ofPerson = (name: DocumentName) => parseDocumentName(name)?.person === person;
    const required = record.required_documents.filter(ofPerson);
    const others = [...new Set(record.documents.map((document) => document.type))].filter((name) => ofPerson(name) && !required.includes(name));
    return {
      person,
      title: fullName ? `${role} : ${fullName}` : role,
      items: [...required, ...others].map((name) => ({
        name,
        required: required.includes(name),
        files: record.documents.filter((document) => document.type === name),
      })),
    };
  });
}

/**
 * The household's documents, per person, with the viewer of staff's watermarked copies and the review: staff decide
 * on any number of files (« Valider », or « Refuser » with a reason from the catalogue and their own words), then
 * save the review at once, which sends the applicant one e-mail for all the refusals.
 */
export function RecordDocuments({ record }: { record: StaffRecord }) {
  const headingId = useId();
  const form = useForm(`record-review-${record.id}`);
  const [viewing, setViewing] = useState<number | null>(null);
  const groups = documentGroups(record);
  const files = groups.flatMap((group) => group.items.flatMap((item) => item.files));
  const persons = record.person_2 ? 2 : 1;
  const unscanned = record.documents.filter((document) => document.scan === 'not_scanned').length;
  const words = completenessWords(record.completeness);

  return (
    <section className="bo-panel record-docs" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Pièces justificatives
      </h2>
      <p>
        <strong>{words.provided}</strong>, {words.validated}.
      </p>
      <p className="record-docs__hint">
        Ouvrez chaque fichier pour en voir la copie filigranée, choisissez « Valider » ou « Refuser », puis enregistrez l’examen en une fois : le demandeur
        reçoit un seul e-mail pour tous les refus.
      </p>
      {unscanned > 0 && (
        <MessageBox kind="warning">
          {unscanned > 1 ? `${unscanned} fichiers n’ont` : 'Un fichier n’a'} pas été analysé{unscanned > 1 ? 's' : ''} par un antivirus (« Non analysé ») : aucun
          n’était configuré sur le serveur à leur dépôt. Vous n’en voyez que la copie filigranée, redessinée par le serveur.
        </MessageBox>
      )}
      {groups.map((group) => (
        <section key={group.person} className="record-docs__person" aria-labelledby={`${headingId}-${group.person}`}>
          <h3 id={`${headingId}-${group.person}`}>{group.title}</h3>
          {group.items.map((item) => (
            <DocumentItem key={item.name} {...item} persons={persons} form={form} onView={setViewing} />
          ))}
        </section>
      ))}
      <ReviewBar record={record} form={form} />
      <CopyViewer files={files} id={viewing} persons={persons} form={form} onShow={setViewing} onClose={() => setViewing(null)} />
    </section>
  );
}

function DocumentItem({
  name,
  required,
  files,
  persons,
  form,
  onView,
}: DocumentGroup['items'][number] & { persons: number; form: ReviewForm; onView: (id: number) => void }) {
  const titleId = useId();
  const { person, type } = parseDocumentName(name)!;
  const state = requirementState(files.map((file) => file.status));
  return (
    <article className="record-docs__item" aria-labelledby={titleId}>
      <div className="record-docs__item-head">
        <h4 id={titleId}>
          {documentKind(type).label}
          {persons > 1 && hidden(`(${person === 1 ? 'premier' : 'second'} demandeur)`)}
        </h4>
        {required ? (
          <span className={`record-docs__badge record-docs__badge--${state}`}>{labelOf(REQUIREMENT_STATE_OPTIONS, state)}</span>
        ) : (
          <span className="record-docs__note">N’est pas demandée pour la situation actuelle</span>
        )}
      </div>
      {files.length === 0 ? (
        <p className="record-docs__note">Aucun fichier déposé.</p>
      ) : (
        <ul className="record-docs__files" aria-label={`Fichiers : ${documentLabel(name, persons)}`}>
          {files.map((file) => (
            <li key={file.id} className="record-docs__file">
              <div className="record-docs__file-main">
                <button type="button" className="record-docs__file-name" onClick={() => onView(file.id)}>
                  {file.file_name}
                  {hidden(': voir la copie filigranée')}
                </button>
                <span className="record-docs__facts">{documentFacts(file, 'staff')}</span>
              </div>
              <FileBadges file={file} />
              {file.status === 'declined' && file.reason && <p className="record-docs__reason">Motif du refus envoyé : {file.reason}</p>}
              <DecisionControls form={form} file={file} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function FileBadges({ file }: { file: RecordDocumentView }) {
  return (
    <span className="record-docs__badges">
      <span className={`record-docs__badge record-docs__badge--${file.status}`}>{labelOf(DOCUMENT_STATUS_OPTIONS, file.status)}</span>
      {file.scan === 'not_scanned' && <span className="record-docs__badge record-docs__badge--unscanned">{labelOf(SCAN_STATUS_OPTIONS, file.scan)}</span>}
    </span>
  );
}

/**
 * « Valider » and « Refuser » for one file (pressed while that decision waits to be saved, pressed again to take it
 * back), with the refusal's reason: one of the catalogue's, and staff's own words, shown as the owner will read them.
 */
function DecisionControls({ form, file }: { form: ReviewForm; file: RecordDocumentView }) {
  const decision = decisionOf(form, file.id);
  const first = useRef<HTMLButtonElement>(null);
  const decide = (next: Decision) => form.set(decisionField(file.id), decision === next ? '' : next);
  const reason = form.value(reasonField(file.id));
  const text = refusalText(form, file.id);
  return (
    <div className="record-docs__decision">
      <div className="record-docs__decision-buttons">
        <button
          ref={first}
          type="button"
          className={`ui-button ui-button--small${decision === 'validated' ? '' : ' ui-button--secondary'}`}
          aria-pressed={decision === 'validated'}
          onClick={() => decide('validated')}
        >
          Valider{hidden(file.file_name)}
        </button>
        <button
          type="button"
          className={`ui-button ui-button--small ui-button--danger${decision === 'declined' ? '' : ' ui-button--secondary'}`}
          aria-pressed={decision === 'declined'}
          onClick={() => decide('declined')}
        >
          Refuser{hidden(file.file_name)}
        </button>
        {decision && (
          <button
            type="button"
            className="record-docs__undo"
            onClick={() => {
              form.set(decisionField(file.id), '');
              // The button goes with the decision: the focus stays on the file's first choice.
              first.current?.focus();
            }}
          >
            Annuler la décision{hidden(`sur ${file.file_name}`)}
          </button>
        )}
      </div>
      {decision && (
        <p className="record-docs__pending">
          {decision === 'validated' ? 'Sera validé' : 'Sera refusé'} à l’enregistrement de l’examen.
        </p>
      )}
      {decision === 'declined' && (
        <div className="record-docs__refusal">
          <SelectField
            form={form}
            name={reasonField(file.id)}
            label={<>Motif du refus{hidden(`de ${file.file_name}`)}</>}
            placeholder="Choisissez un motif"
            options={DOCUMENT_DECLINE_REASON_OPTIONS}
            required
          />
          <TextareaField
            form={form}
            name={detailsField(file.id)}
            label={<>Précisions pour le demandeur{hidden(`sur ${file.file_name}`)}</>}
            hint={reason === 'other' ? 'Obligatoires avec « Autre motif » : elles sont tout le motif.' : 'Facultatives : elles suivent le motif choisi.'}
            required={reason === 'other'}
            rows={3}
          />
          {text && <p className="record-docs__preview">Le demandeur lira : « {text} »</p>}
        </div>
      )}
    </div>
  );
}

/** What each refusal still lacks before the review can be sent, by field. */
function refusalProblems(form: ReviewForm, pending: RecordDocumentView[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const file of pending) {
    if (decisionOf(form, file.id) !== 'declined') continue;
    const reason = form.value(reasonField(file.id));
    if (!reason) problems[reasonField(file.id)] = 'Choisissez le motif du refus : il sera transmis au demandeur.';
    else if (reason === 'other' && !form.value(detailsField(file.id)).trim()) {
      problems[detailsField(file.id)] = 'Écrivez le motif du refus : avec « Autre motif », le demandeur ne lira que vos mots.';
    }
  }
  return problems;
}

/**
 * The decisions waiting to be saved, what saving them will tell the applicant, and « Enregistrer l’examen »: one call,
 * so one e-mail listing every refusal and its reason.
 */
function ReviewBar({ record, form }: { record: StaffRecord; form: ReviewForm }) {
  const dispatch = useAppDispatch();
  const revalidator = useRevalidator();
  const bar = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const [review] = useReviewDocumentsMutation();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<RequestErrorData | null>(null);
  /** The server's word on the review as a whole (a reason too long). */
  const [problem, setProblem] = useState<string | null>(null);
  /** Once staff tried to save, what refusals still lack is said until it is given. */
  const [tried, setTried] = useState(false);
  const pending = record.documents.filter((file) => decisionOf(form, file.id) !== null);
  const declined = pending.filter((file) => decisionOf(form, file.id) === 'declined').length;
  const validated = pending.length - declined;
  const applicant = `${record.person_1.first_name} ${record.person_1.last_name}`.trim() || 'Le demandeur';
  // Where the API writes: the account's address, else the first applicant's.
  const email = record.account?.email ?? record.person_1.email;
  const after = completeness(
    record.required_documents,
    record.documents.map((file) => ({ type: file.type, status: decisionOf(form, file.id) ?? file.status })),
  );

  if (pending.length === 0 && !failure) return null;

  const told =
    declined > 0
      ? email
        ? `${applicant} recevra à ${email} un seul e-mail listant ${declined > 1 ? `les ${declined} pièces refusées et leurs motifs` : 'la pièce refusée et son motif'}.`
        : 'Ce dossier n’a pas d’adresse e-mail : prévenez vous-même le demandeur des refus.'
      : after.complete && !record.completeness.complete
        ? `Toutes les pièces demandées seront validées : ${applicant} recevra un e-mail annonçant que son dossier est complet.`
        : 'Des validations seules n’envoient pas d’e-mail au demandeur.';

  const incomplete = tried && Object.keys(refusalProblems(form, pending)).length > 0;

  const save = async () => {
    setProblem(null);
    setTried(true);
    const problems = refusalProblems(form, pending);
    form.showErrors(problems);
    if (Object.keys(problems).length > 0) {
      // Once the fields show their errors, the first one takes the focus.
      requestAnimationFrame(() => bar.current?.closest('section')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const reviews: DocumentReview[] = pending.map((file) =>
      decisionOf(form, file.id) === 'validated' ? { id: file.id, status: 'validated' } : { id: file.id, status: 'declined', reason: refusalText(form, file.id) },
    );
    setSending(true);
    setFailure(null);
    try {
      await review({ record_id: record.id, reviews }).unwrap();
    } catch (error) {
      const failed = error as RequestErrorData;
      // The API names a wrong review by the list as a whole: its message goes under the button.
      const fields = Object.values(failed.fields ?? {});
      if (fields.length > 0) setProblem(fields[0]!);
      else setFailure(failed);
      return;
    } finally {
      setSending(false);
    }
    setTried(false);
    dispatch(formReset(`record-review-${record.id}`));
    dispatch(
      pushMessage({
        kind: 'info',
        text: `L’examen est enregistré : ${plural(validated, 'pièce validée', 'pièces validées')}, ${plural(declined, 'refusée', 'refusées')}.${
          declined > 0 && email ? ` ${applicant} en est prévenu(e) par e-mail.` : ''
        }`,
      }),
    );
    await revalidator.revalidate();
  };

  /** The file as it stands now; the focus goes to the documents' heading, as this button goes with the failure. */
  const reload = async () => {
    await revalidator.revalidate();
    bar.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
    setFailure(null);
  };

  const gone = failure?.status === 404 || failure?.status === 409;
  return (
    <div className="record-docs__review" ref={bar}>
      {pending.length > 0 && (
        <p id={summaryId} className="record-docs__review-summary">
          <strong>
            {plural(pending.length, 'décision', 'décisions')} à enregistrer : {plural(validated, 'validation', 'validations')}, {declined} refus.
          </strong>{' '}
          {told}
        </p>
      )}
      {incomplete && <MessageBox kind="error">Chaque refus a besoin d’un motif : complétez les champs signalés.</MessageBox>}
      {problem && <MessageBox kind="error">{problem}</MessageBox>}
      {failure && <RequestErrorMessage error={gone ? { ...failure, error: failure.status === 409 ? failure.error : FILE_GONE } : failure} />}
      <div className="bo-actions">
        {pending.length > 0 && (
          <button type="button" className="ui-button" disabled={sending} aria-describedby={summaryId} onClick={() => void save()}>
            Enregistrer l’examen
          </button>
        )}
        {gone && (
          <button type="button" className="ui-button ui-button--secondary" disabled={revalidator.state === 'loading'} onClick={() => void reload()}>
            Recharger le dossier
          </button>
        )}
        {pending.length > 0 && (
          <button type="button" className="ui-button ui-button--secondary" disabled={sending} onClick={() => {
              setTried(false);
              dispatch(formReset(`record-review-${record.id}`));
            }}
          >
            Annuler toutes les décisions
          </button>
        )}
        <Loader active={sending} label="Enregistrement de l’examen" />
      </div>
    </div>
  );
}

/** The failure of a copy's read, in French: the API's own message, the catalogue's for a session, or the file gone. */
function copyError(status: number | undefined, body: unknown): RequestErrorData {
  if (status === 404) return { ...toRequestError(404, null).toData(), error: 'Ce fichier n’est plus dans le dossier : le demandeur l’a peut-être remplacé ou supprimé. Rechargez le dossier.' };
  return toRequestError(status, body).toData();
}

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/**
 * What the API answered in a frame instead of the copy (the frame is of this origin: readable), or null when the copy
 * is there — or when the browser's PDF viewer keeps its document to itself. A 404 has no body; the frame does not
 * tell the status, which the API's bodies say for a session (« Unauthorized », « Forbidden »).
 */
function frameFailure(frame: HTMLIFrameElement): RequestErrorData | null {
  let page: Document | null;
  try {
    page = frame.contentDocument;
  } catch {
    return null;
  }
  if (!page || page.contentType === 'application/pdf') return null;
  const text = page.body?.textContent?.trim() ?? '';
  if (text === '' && page.contentType.startsWith('text/')) return copyError(404, null);
  if (page.contentType !== 'application/json') return null;
  const body = parsed(text);
  const code = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  return copyError(code === 'Unauthorized' ? 401 : code === 'Forbidden' ? 403 : undefined, body);
}

type CopyState = { kind: 'loading' } | { kind: 'shown'; src: string } | { kind: 'failed'; error: RequestErrorData };

/**
 * The watermarked copy itself: a PDF in a frame (the browser's viewer), a photo as a picture. Each read is in the audit
 * trail and the first one of the day makes the copy, which may take a moment: the picture is fetched once and shown
 * from memory, the frame loads the copy's address once.
 */
function Copy({ file }: { file: RecordDocumentView }) {
  const url = documentCopyUrl(file.id);
  const pdf = file.content_type === 'application/pdf';
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CopyState>({ kind: 'loading' });

  useEffect(() => {
    if (pdf) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return setState({ kind: 'failed', error: copyError(response.status, parsed(await response.text())) });
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ kind: 'shown', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error: { ...toRequestError(undefined, null).toData(), error: 'La copie n’a pas pu être chargée : vérifiez votre connexion, puis réessayez.' } });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, pdf, attempt]);

  const title = `Copie filigranée de ${file.file_name}`;
  return (
    <div className="record-viewer__copy">
      {state.kind === 'loading' && <Loader label="Préparation de la copie filigranée : la première ouverture d’un fichier peut prendre quelques secondes." />}
      {state.kind === 'failed' && (
        <>
          <RequestErrorMessage error={state.error} />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Réessayer
          </button>
        </>
      )}
      {pdf ? (
        state.kind !== 'failed' && (
          <iframe
            key={attempt}
            src={url}
            title={title}
            className={`record-viewer__frame${state.kind === 'shown' ? '' : ' record-viewer__frame--loading'}`}
            onLoad={(event) => {
              const failure = frameFailure(event.currentTarget);
              setState(failure ? { kind: 'failed', error: failure } : { kind: 'shown', src: url });
            }}
          />
        )
      ) : (
        state.kind === 'shown' && <img src={state.src} alt={title} className="record-viewer__image" />
      )}
    </div>
  );
}

/** The viewer: one file's copy at a time, its facts and the decision on it, and the way to the file before or after. */
function CopyViewer({
  files,
  id,
  persons,
  form,
  onShow,
  onClose,
}: {
  files: RecordDocumentView[];
  id: number | null;
  persons: number;
  form: ReviewForm;
  onShow: (id: number) => void;
  onClose: () => void;
}) {
  const index = files.findIndex((file) => file.id === id);
  const file = files[index];
  const previous = files[index - 1];
  const next = files[index + 1];
  return (
    <Modal open={file !== undefined} title={file ? `Copie filigranée : ${file.file_name}` : ''} onClose={onClose} className="record-viewer">
      {file && (
        <div className="record-viewer__layout">
          <Copy key={file.id} file={file} />
          <div className="record-viewer__side">
            <p className="record-viewer__kind">{documentLabel(file.type, persons)}</p>
            <p className="record-docs__facts">{documentFacts(file, 'staff')}</p>
            <FileBadges file={file} />
            {file.status === 'declined' && file.reason && <p className="record-docs__reason">Motif du refus envoyé : {file.reason}</p>}
            <DecisionControls form={form} file={file} />
            <p>
              <a href={documentCopyUrl(file.id)} target="_blank" rel="noopener noreferrer">
                Ouvrir dans un nouvel onglet{hidden('(copie filigranée)')}
              </a>
            </p>
            {file.content_type === 'application/pdf' && (
              <p className="record-docs__note">Un téléphone n’affiche pas toujours un PDF dans la page : ouvrez-le alors dans un nouvel onglet.</p>
            )}
            <nav className="record-viewer__nav" aria-label="Autres fichiers du dossier">
              <p>
                Fichier {index + 1} sur {files.length}
              </p>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!previous} onClick={() => previous && onShow(previous.id)}>
                Fichier précédent
              </button>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!next} onClick={() => next && onShow(next.id)}>
                Fichier suivant
              </button>
            </nav>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** The file's shared upload links: created, listed, withdrawn by staff (the same panel as the applicant's own). */
export function RecordUploadLinks({ recordId }: { recordId: number }) {
  const links = useRecordUploadLinksQuery(recordId);
  const [create] = useCreateRecordUploadLinkMutation();
  const [withdraw] = useWithdrawRecordUploadLinkMutation();
  return (
    <UploadLinksPanel
      title="Liens de dépôt"
      intro={
        <>
          Un lien de dépôt permet à une personne sans compte (le demandeur, son co-demandeur, un proche, un employeur) d’ajouter des pièces à ce dossier
          pendant 14&nbsp;jours, sans voir celles qui s’y trouvent déjà.
        </>
      }
      form={`record-upload-link-${recordId}`}
      className="bo-panel record-upload-links"
      links={links}
      create={(email) => create({ record_id: recordId, email }).unwrap()}
      withdraw={(id) => withdraw({ record_id: recordId, id }).unwrap()}
    />
  );
}
