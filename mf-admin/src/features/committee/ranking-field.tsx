import { useEffect, useId, useRef, useState } from 'react';
import type { SessionGoodView } from '@hsa-lli/common/back-office';
import type { FormBinding } from '@hsa-lli/common/ui';
import { decisionField, moved, rankingOf } from './close-decisions.js';
import { candidateName } from './committee-labels.js';

type Move = { id: number; button: 'up' | 'down' | 'add' | 'remove' };

/**
 * The order of a good's candidates, the first one chosen: « Classer » puts a candidate at the end, « Monter » and
 * « Descendre » move it, « Retirer du classement » takes it out. Buttons, not dragging, so that a keyboard and a screen
 * reader can do it all; the focus stays with the candidate moved, and a live region says where it now stands.
 */
export function RankingField({ form, good }: { form: FormBinding; good: SessionGoodView }) {
  const id = useId();
  const name = decisionField(good.id, 'ranking');
  const ranking = rankingOf(form.values, good.id);
  const error = form.errors[name];
  const list = useRef<HTMLFieldSetElement>(null);
  const [last, setLast] = useState<{ move: Move; said: string } | null>(null);
  const candidate = (candidateId: number) => good.candidates.find((each) => each.id === candidateId);
  const unranked = good.candidates.filter((each) => !ranking.includes(each.id));

  useEffect(() => {
    if (!last) return;
    const { id: moved, button } = last.move;
    const own = (kind: string) => list.current?.querySelector<HTMLButtonElement>(`[data-candidate="${moved}"][data-button="${kind}"]:not(:disabled)`);
    // The same button when it can still be pressed, else the other move, else the list's first button.
    const next = own(button) ?? own(button === 'up' ? 'down' : 'up') ?? own('remove') ?? own('add') ?? list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    next?.focus();
  }, [last]);

  const change = (next: number[], move: Move) => {
    form.set(name, next.join(','));
    const who = candidateName(candidate(move.id) ?? { label: '', name: null });
    const place = next.indexOf(move.id);
    setLast({ move, said: place < 0 ? `${who} n’est plus classé.` : `${who} est classé ${place === 0 ? 'premier, retenu' : `en position ${place + 1}`}.` });
  };

  return (
    <fieldset ref={list} className={`ui-field committee-ranking${error ? ' ui-field--error' : ''}`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>
        Classement des candidats<span className="ui-field__required" aria-hidden="true"> *</span>
      </legend>
      <p id={`${id}-hint`} className="ui-field__hint">
        Le premier classé est retenu ; les suivants le remplacent dans cet ordre s’il renonce.
      </p>
      {ranking.length === 0 ? (
        <p className="committee-muted">Aucun candidat classé.</p>
      ) : (
        <ol className="committee-ranking__list">
          {ranking.map((candidateId, index) => {
            const who = candidateName(candidate(candidateId) ?? { label: `Candidat n° ${candidateId}`, name: null });
            const button = (kind: Move['button'], text: string, step?: -1 | 1) => (
              <button
                type="button"
                className="ui-button ui-button--secondary ui-button--small"
                data-candidate={candidateId}
                data-button={kind}
                disabled={step !== undefined && moved(ranking, candidateId, step).join() === ranking.join()}
                aria-label={`${text} : ${who}`}
                onClick={() => change(step === undefined ? ranking.filter((each) => each !== candidateId) : moved(ranking, candidateId, step), { id: candidateId, button: kind })}
              >
                {text}
              </button>
            );
            return (
              <li key={candidateId}>
                <span>
                  {who}
                  {index === 0 && <strong> — retenu</strong>}
                </span>
                <span className="committee-ranking__buttons">
                  {button('up', 'Monter', -1)}
                  {button('down', 'Descendre', 1)}
                  {button('remove', 'Retirer du classement')}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {unranked.length > 0 && (
        <div className="committee-ranking__add">
          {unranked.map((each) => (
            <button
              key={each.id}
              type="button"
              className="ui-button ui-button--secondary ui-button--small"
              data-candidate={each.id}
              data-button="add"
              onClick={() => change([...ranking, each.id], { id: each.id, button: 'add' })}
            >
              Classer {candidateName(each)}
            </button>
          ))}
        </div>
      )}
      <p className="ui-visually-hidden" role="status">
        {last?.said}
      </p>
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
