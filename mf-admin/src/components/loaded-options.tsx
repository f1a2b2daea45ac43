import { MessageBox } from '@hsa-lli/common/ui';

/**
 * Where a form's list of choices read from the API stands. A form waits for its lists before it shows, so that nothing
 * moves under the pointer as they arrive; a list that could not be read is said so beside its field.
 */
export interface OptionsState {
  /** The API answered, one way or the other. */
  settled: boolean;
  failed: boolean;
  retry: () => void;
}

export function optionsState(query: { data?: unknown; isLoading: boolean; isError: boolean; refetch: () => unknown }): OptionsState {
  return { settled: !query.isLoading, failed: query.isError && query.data === undefined, retry: () => void query.refetch() };
}

/** In place of a field whose choices could not be read: why, and « Réessayer ». */
export function OptionsUnavailable({ what, retry }: { what: string; retry: () => void }) {
  return (
    <MessageBox kind="error">
      {what} n’a pas pu être chargée : vérifiez votre connexion, puis réessayez.{' '}
      <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={retry}>
        Réessayer
      </button>
    </MessageBox>
  );
}
