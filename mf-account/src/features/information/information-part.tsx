import { useId, type ReactNode } from 'react';
import type { SaveState } from './autosave.js';

/** « Enregistrement… », « Enregistré », or what went wrong, read out when it changes. */
function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry: () => void }) {
  const kind = state?.kind ?? 'idle';
  return (
    <div className={`my-information__status my-information__status--${kind}`}>
      <p role="status">
        {kind === 'saving' && 'Enregistrement…'}
        {kind === 'saved' && 'Enregistré'}
        {kind === 'invalid' && 'Une réponse est à corriger : elle n’est pas enregistrée.'}
        {state?.kind === 'failed' && (state.byField ? 'Non enregistré : voyez le message sous le champ.' : `Non enregistré : ${state.message}`)}
      </p>
      {kind === 'failed' && (
        <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={onRetry}>
          Réessayer
        </button>
      )}
    </div>
  );
}

/** One part of the page: its title, whether its answers are saved, and its fields. */
export function Part({ title, state, onRetry, children }: { title: string; state: SaveState | undefined; onRetry: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <section className="ui-card my-information__part" aria-labelledby={id}>
      <div className="my-information__part-head">
        <h2 id={id}>{title}</h2>
        <SaveStatus state={state} onRetry={onRetry} />
      </div>
      {children}
    </section>
  );
}
