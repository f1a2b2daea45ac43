import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate, useRevalidator } from 'react-router';
import type { FieldChange, HistoryEntryView } from '@hsa-lli/common/back-office';
import { formatDateTime, validate, type Schema } from '@hsa-lli/common/domain';
import { formFilled, formReset, useAppDispatch } from '@hsa-lli/common/store';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { ConfirmDialog, Modal, RequestErrorMessage, useForm, useSubmission } from '@hsa-lli/common/ui';

/**
 * Goes to another page once an action is done (a record created, or deleted): `leaving` lets the unsaved-changes
 * guard stand down first.
 */
export function useLeave() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target !== null) void navigate(target, { replace: true });
  }, [target, navigate]);
  return { leaving: target !== null, leaveTo: setTarget };
}

/**
 * What a record's page shows: the last answer of a save or an action, until the page loads the record again (after a
 * picture changed, or « Recharger la fiche »), which then holds it and whatever came since.
 */
export function useLatestAnswer<Answer>(loaded: Answer) {
  const [saved, setSaved] = useState<{ answer: Answer; over: Answer } | null>(null);
  const show = (answer: Answer) => setSaved({ answer, over: loaded });
  return [saved !== null && saved.over === loaded ? saved.answer : loaded, show] as const;
}

/** The foot of a form: why it was refused, then its one submit button (`disabled` while sending, unless told more). */
export function SubmitActions({ failure, sending, disabled = sending, children }: { failure: RequestErrorData | null; sending: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <>
      {failure && <RequestErrorMessage error={failure} />}
      <div className="bo-actions">
        <button type="submit" className="ui-button" disabled={disabled}>
          {children}
        </button>
      </div>
    </>
  );
}

/**
 * The foot of an edit form: why the save failed (with « Recharger la fiche » when someone saved meanwhile),
 * « Enregistrer » once something changed, and the page's other actions.
 */
export function SaveActions({ failure, sending, dirty, children }: { failure: RequestErrorData | null; sending: boolean; dirty: boolean; children?: ReactNode }) {
  const revalidator = useRevalidator();
  return (
    <>
      {failure && <RequestErrorMessage error={failure} />}
      {failure?.code === 'stale_version' && (
        <button type="button" className="ui-button ui-button--secondary" onClick={() => void revalidator.revalidate()}>
          Recharger la fiche
        </button>
      )}
      <div className="bo-actions">
        <button type="submit" className="ui-button" disabled={sending || !dirty}>
          Enregistrer
        </button>
        {children}
      </div>
    </>
  );
}

/**
 * An edit form started from saved values: the forms store is filled with them whenever `key` changes (another
 * record, or the same one saved again), and `dirty` says whether the person changed anything since.
 */
export function useEditForm(name: string, saved: Record<string, string>, key: string) {
  const dispatch = useAppDispatch();
  const form = useForm(name);
  const ready = form.source === key;
  useEffect(() => {
    if (!ready) dispatch(formFilled({ form: name, values: saved, source: key }));
    // `saved` is read again only when its record or version (the key) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, name, key, ready]);
  const dirty = ready && Object.keys(form.values).some((field) => (form.values[field] ?? '') !== (saved[field] ?? ''));
  /** Forgets what was typed: the next visit starts again from the saved record. */
  const discard = () => dispatch(formReset(name));
  return { form, ready, dirty, discard };
}

/**
 * Sends a form's body once the shared schema passes it, as the API will check it: the schema's French messages show
 * on their fields at once, the server's too when it finds more (a reference already taken); any other failure is
 * kept in `failure`.
 */
export function useCheckedSubmission() {
  const submission = useSubmission();
  const submit = async <Body, Answer>(
    form: ReturnType<typeof useForm>,
    schema: Schema<Body>,
    body: unknown,
    call: (checked: Body) => Promise<Answer>,
  ): Promise<Answer | null> => {
    const checked = validate(schema, body);
    form.showErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return null;
    return submission.send(() => call(checked.data), form.showErrors);
  };
  return { ...submission, submit };
}

/**
 * Asks before leaving a form with unsaved changes: a dialog for a move inside the portal, the browser's own
 * question for a reload or a closed tab.
 */
export function UnsavedChangesGuard({ when, onDiscard }: { when: boolean; onDiscard: () => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <Modal open={blocker.state === 'blocked'} title="Quitter sans enregistrer ?" onClose={() => blocker.reset?.()}>
      <p>Vous avez modifié ce formulaire sans l’enregistrer. Si vous quittez la page, ces modifications seront perdues.</p>
      <div className="bo-actions">
        <button type="button" className="ui-button" onClick={() => blocker.reset?.()}>
          Rester sur la page
        </button>
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
        >
          Quitter sans enregistrer
        </button>
      </div>
    </Modal>
  );
}

/** « Supprimer », behind a dialog that says what the deletion takes away (or why it cannot be done). */
export function DeleteButton({ title, children, onConfirm }: { title: string; children: ReactNode; onConfirm: () => Promise<unknown> }) {
  return (
    <ConfirmButton label="Supprimer" title={title} confirmLabel="Supprimer définitivement" danger onConfirm={onConfirm}>
      {children}
    </ConfirmButton>
  );
}

/** A destructive action behind a confirmation dialog that says what will happen. */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  disabled,
  danger = false,
}: {
  /** The button's text; several of a kind on one page name what each one acts on (visually hidden if need be). */
  label: ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | void;
  disabled?: boolean;
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" className={`ui-button ui-button--secondary${danger ? ' ui-button--danger' : ''}`} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busy={busy}
        danger={danger}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

/** A value of the history as people read it. */
function shown(value: unknown, format?: (value: unknown) => string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (format) return format(value);
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.map((item) => shown(item)).join(', ');
  return String(value);
}

export interface HistoryField {
  label: string;
  format?: (value: unknown) => string;
}

/** Who changed what and when, newest first: each field's label, its value before and after. */
export function HistoryPanel({ entries, fields }: { entries: readonly HistoryEntryView[]; fields: Record<string, HistoryField> }) {
  const describe = (change: FieldChange) => {
    const field = fields[change.field];
    const label = field?.label ?? change.field;
    return `${label} : ${shown(change.before, field?.format)} → ${shown(change.after, field?.format)}`;
  };
  return (
    <section className="bo-history" aria-labelledby="bo-history-title">
      <h2 id="bo-history-title">Historique</h2>
      {entries.length === 0 ? (
        <p>Aucune modification enregistrée.</p>
      ) : (
        <ol>
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <p className="bo-history__head">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
                — {entry.action}, par {entry.actor}
              </p>
              {entry.changes.length > 0 && (
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change.field}>{describe(change)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
