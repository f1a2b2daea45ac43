import { useEffect, useId, useState } from 'react';
import type { CommitteeOption } from '@hsa-lli/common/back-office';
import { errorText } from '@hsa-lli/common/store';

/** What is typed, once the person stopped typing for a moment: the list is asked for once per pause, not per key. */
export function useSettledText(delay = 300) {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), delay);
    return () => clearTimeout(timer);
  }, [typed, delay]);
  return { typed, setTyped, settled };
}

/**
 * Adds one item of a long list the API searches (goods, files): a search box, the matches in a list, and a button that
 * adds the one chosen. It lives inside other forms: Enter in its box searches, it never sends the form around it.
 */
export function OptionPicker({
  label,
  searchHint,
  search,
  options,
  exclude,
  loading,
  error,
  addLabel,
  busy = false,
  onAdd,
}: {
  /** What the list holds: « Logement à ajouter ». */
  label: string;
  searchHint: string;
  search: ReturnType<typeof useSettledText>;
  options: readonly CommitteeOption[] | undefined;
  /** Already chosen: not offered again. */
  exclude: readonly number[];
  loading: boolean;
  error: unknown;
  addLabel: string;
  busy?: boolean;
  onAdd: (option: CommitteeOption) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const offered = (options ?? []).filter((option) => !exclude.includes(option.id));
  const selected = offered.find((option) => String(option.id) === chosen) ?? offered[0];
  const status = error ? errorText(error) : loading && !options ? 'Recherche…' : offered.length === 0 ? 'Aucun résultat.' : null;
  return (
    <div className="committee-picker">
      <div className="ui-field">
        <label htmlFor={`${id}-search`}>Rechercher</label>
        <p id={`${id}-hint`} className="ui-field__hint">
          {searchHint}
        </p>
        <input
          id={`${id}-search`}
          type="search"
          value={search.typed}
          maxLength={100}
          aria-describedby={`${id}-hint`}
          onChange={(event) => search.setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-list`}>{label}</label>
        <select id={`${id}-list`} value={selected ? String(selected.id) : ''} disabled={offered.length === 0} aria-describedby={status ? `${id}-status` : undefined} onChange={(event) => setChosen(event.target.value)}>
          {offered.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <p id={`${id}-status`} className="ui-field__hint" role="status">
          {status}
        </p>
      </div>
      <button type="button" className="ui-button ui-button--secondary" disabled={!selected || busy} onClick={() => selected && onAdd(selected)}>
        {addLabel}
      </button>
    </div>
  );
}
