import { useEffect, useRef, type ReactNode } from 'react';
import { errorText } from '@hsa-lli/common/store';
import { Loader, MessageBox } from '@hsa-lli/common/ui';

/**
 * Where a form's list of choices read from the API stands. A form waits for its lists before it shows, so that nothing
 * moves under the pointer as they arrive; a list that could not be read is said so in place of its field.
 */
export interface OptionsState {
  /** The API answered once, one way or the other: the form can show, and stays while a list is read again. */
  settled: boolean;
  /** It could not be read (and has not been since): why, as the user reads it. */
  failure: string | null;
  /** Read again after a failure, not answered yet. */
  retrying: boolean;
  retry: () => void;
}

/** RTK Query keeps a failed query's error while it is read again, and drops it once it is read. */
export function optionsState(query: { data?: unknown; error?: unknown; isFetching: boolean; refetch: () => unknown }): OptionsState {
  const failed = query.data === undefined && query.error !== undefined;
  return {
    settled: query.data !== undefined || query.error !== undefined,
    failure: failed ? errorText(query.error) : null,
    retrying: failed && query.isFetching,
    retry: () => void query.refetch(),
  };
}

/** A form once its lists have come (or failed), a loader until then: a form shown earlier would move as they arrive. */
export function OptionsGate({ lists, children }: { lists: readonly OptionsState[]; children: ReactNode }) {
  return lists.every((list) => list.settled) ? children : <Loader label="Chargement du formulaire" />;
}

/**
 * A field whose choices come from the API: the field once they have come; else why they could not be, and
 * « Réessayer », which keeps the focus until the field is there, then hands it to the field.
 */
export function OptionsField({ list, what, children }: { list: OptionsState; what: string; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  const failed = list.failure !== null;
  useEffect(() => {
    if (failed || !retried.current) return;
    retried.current = false;
    place.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [failed]);
  return (
    <div ref={place}>
      {failed ? (
        <MessageBox kind="error">
          {what} n’a pas pu être chargée. {list.failure}{' '}
          <button
            type="button"
            className="ui-button ui-button--secondary ui-button--small"
            aria-label={`${list.retrying ? 'Chargement de' : 'Réessayer de charger'} ${what.replace(/^La /, 'la ')}`}
            aria-disabled={list.retrying}
            onClick={() => {
              if (list.retrying) return;
              retried.current = true;
              list.retry();
            }}
          >
            {list.retrying ? 'Chargement…' : 'Réessayer'}
          </button>
        </MessageBox>
      ) : (
        children
      )}
    </div>
  );
}
