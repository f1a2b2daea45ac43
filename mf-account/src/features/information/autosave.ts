import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { myRecordUpdateSchema, validate, type MyRecord, type MyRecordUpdate } from '@hsa-lli/common/domain';
import { errorText, fieldChanged, formSubmitted, selectForm, type RootState } from '@hsa-lli/common/store';
import { asksToLogIn } from '@hsa-lli/common/http';
import { useForm, type FormBinding } from '@hsa-lli/common/ui';
import { sectionOf, updateOf, type Section } from './record-values.js';

/**
 * Where a section's answers stand: being sent, saved, one of them to correct (`shownState`), or the call failed (its
 * message; `byField` when each field it concerns shows it, as the session's end does).
 */
export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'invalid' } | { kind: 'failed'; message: string; byField?: boolean };

/** How long typing may pause before what was typed is sent; leaving the field sends it at once. */
export const SAVE_DELAY_MS = 800;

const sectionsOf = (fields: Iterable<string>) => new Set([...fields].map(sectionOf));

/** What a section says: an answer of it refused outweighs its other answers saved, until it is sent again. */
export function shownState(section: Section, state: SaveState | undefined, errors: Record<string, string>): SaveState | undefined {
  const refused = Object.keys(errors).some((field) => sectionOf(field) === section);
  return refused && state?.kind !== 'saving' && state?.kind !== 'failed' ? { kind: 'invalid' } : state;
}

/** What the saver reads and tells: the form's values and errors, the call, and where each section stands. */
export interface SaverLinks {
  values: () => Record<string, string>;
  errors: () => Record<string, string>;
  showErrors: (errors: Record<string, string>) => void;
  save: (update: MyRecordUpdate) => Promise<MyRecord>;
  onSaved: (record: MyRecord, fields: string[]) => void;
  setState: (sections: Iterable<Section>, state: SaveState) => void;
}

/**
 * Saves a form's fields as the person goes: a change is sent once typing pauses (`change`) or the field is left
 * (`flush`), only the fields changed, one call at a time (what changes meanwhile goes in the next one). A field the
 * schema or the server refuses shows its error and stays unsent until it changes again; the others are saved all the
 * same. A failed call keeps its fields for the next change, or « Réessayer ».
 */
export function createSaver(links: () => SaverLinks) {
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  /** The last call was refused for want of a session: leaving a field sends nothing until the person acts. */
  let loginAsked = false;

  /** These fields' errors replaced by `errors` (none for a field saved), the other fields' kept. */
  const showErrors = (fields: readonly string[], errors: Record<string, string>) => {
    const kept = Object.entries(links().errors()).filter(([field]) => !fields.includes(field));
    links().showErrors({ ...Object.fromEntries(kept), ...errors });
  };

  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    if (inFlight || dirty.size === 0) return;
    const { values, save, onSaved, setState } = links();
    const current = values();
    const fields = [...dirty];
    dirty.clear();
    const checked = validate(myRecordUpdateSchema, updateOf(current, fields));
    // Refused by its path (`person_1.phone`) or as a whole (`members`).
    const refused = checked.success ? {} : checked.fields;
    const sent = fields.filter((field) => !(field in refused));
    // « Connexion expirée » stays by its field while the field is sent again, until the answer says otherwise: the
    // « Page de connexion » link it holds must not go from under the click that left the field for it.
    const waiting = Object.fromEntries(Object.entries(links().errors()).filter(([field, error]) => sent.includes(field) && asksToLogIn(error)));
    showErrors(fields, { ...waiting, ...refused });
    if (sent.length === 0) return;
    const sending = sectionsOf(sent);
    setState(sending, { kind: 'saving' });
    inFlight = true;
    let failed = false;
    try {
      const record = await save(updateOf(current, sent) as MyRecordUpdate);
      loginAsked = false;
      if (Object.keys(waiting).length > 0) showErrors(Object.keys(waiting), {});
      setState(sending, { kind: 'saved' });
      onSaved(record, sent);
    } catch (error) {
      const fieldErrors = typeof error === 'object' && error !== null && 'fields' in error ? (error.fields as Record<string, string>) : {};
      if (Object.keys(fieldErrors).length > 0) {
        showErrors(sent, fieldErrors);
        setState(sending, { kind: 'idle' });
        for (const field of sent) if (!(field in fieldErrors)) dirty.add(field);
      } else {
        failed = true;
        for (const field of sent) dirty.add(field);
        loginAsked = asksToLogIn(errorText(error));
        if (loginAsked) {
          // « Votre connexion a expirée… » goes by the fields it kept from being saved, with its « Page de connexion » link.
          showErrors(sent, Object.fromEntries(sent.map((field) => [field, errorText(error)])));
          setState(sending, { kind: 'failed', message: errorText(error), byField: true });
        } else {
          if (Object.keys(waiting).length > 0) showErrors(Object.keys(waiting), {});
          setState(sending, { kind: 'failed', message: errorText(error) });
        }
      }
    } finally {
      inFlight = false;
    }
    // What changed during the call, or was sent beside a refused field.
    if (!failed && dirty.size > 0) await flush();
  };

  const change = (field: string) => {
    loginAsked = false;
    dirty.add(field);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), SAVE_DELAY_MS);
  };

  /**
   * A field left, or the page: what waits is sent, unless the last call asked the person to log in again. Their click on
   * « Page de connexion » leaves the field first; sending then would only be refused again and move the page under it.
   * « Réessayer » (`flush`) or a new change sends it.
   */
  const leave = (): Promise<void> => (loginAsked ? Promise.resolve() : flush());

  return { change, flush, leave };
}

/** The information form, saved as it goes (`createSaver`): the binding its fields take, each section's state. */
export function useAutosave(
  name: string,
  save: (update: MyRecordUpdate) => Promise<MyRecord>,
  /** Told each saved answer; `fill` shows values the server set without sending them again. */
  onSaved: (record: MyRecord, fields: string[], fill: (values: Record<string, string>) => void) => void,
) {
  const form = useForm(name);
  const store = useStore<RootState>();
  const [states, setStates] = useState<Partial<Record<Section, SaveState>>>({});
  const links = useRef<SaverLinks | null>(null);
  useEffect(() => {
    links.current = {
      values: () => selectForm(store.getState(), name).values,
      errors: () => selectForm(store.getState(), name).errors,
      showErrors: (errors) => store.dispatch(formSubmitted({ form: name, errors })),
      save,
      onSaved: (record, fields) =>
        onSaved(record, fields, (values) => {
          for (const [field, value] of Object.entries(values)) store.dispatch(fieldChanged({ form: name, field, value }));
        }),
      setState: (sections, state) => setStates((current) => ({ ...current, ...Object.fromEntries([...sections].map((section) => [section, state])) })),
    };
  });
  // Made at the first change, and kept: its timer and the fields waiting outlive renders.
  const saver = useRef<ReturnType<typeof createSaver> | null>(null);
  const saverOf = () => (saver.current ??= createSaver(() => links.current!));
  // What is still unsent when the page is left goes at once.
  useEffect(() => () => void saver.current?.leave(), []);

  const binding: FormBinding = {
    values: form.values,
    errors: form.errors,
    set: (field, value) => {
      form.set(field, value);
      saverOf().change(field);
    },
  };

  return { form, binding, states, flush: () => saverOf().flush(), leave: () => saverOf().leave() };
}
