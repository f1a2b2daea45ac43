import { useId, useState } from 'react';
import { PDF_DOCUMENTS } from '@hsa-lli/common/back-office';
import { fetchPdf, type PdfProgress } from '@hsa-lli/common/http';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox, saveFile } from '@hsa-lli/common/ui';

const PROGRESS_TEXT: { [progress in PdfProgress]: string } = {
  asked: 'Préparation du procès-verbal…',
  waiting: 'Préparation du procès-verbal… (en attente d’impression)',
  active: 'Préparation du procès-verbal… (impression en cours)',
};

type State = { kind: 'idle' } | { kind: 'working'; progress: PdfProgress } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/** « Télécharger le procès-verbal »: the closed session's minutes, printed by the API's PDF job, then downloaded. */
export function MinutesDownload({ sessionId }: { sessionId: number }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const stateId = useId();
  const download = async () => {
    setState({ kind: 'working', progress: 'asked' });
    try {
      const file = await fetchPdf(PDF_DOCUMENTS.minutes.call(sessionId), (progress) => setState({ kind: 'working', progress }));
      saveFile(file);
      setState({ kind: 'done', name: file.name });
    } catch (error) {
      // fetchPdf rejects with a plain Error for a print job that failed, with the API's error otherwise.
      setState({ kind: 'failed', message: error instanceof Error && !('status' in error) ? error.message : errorText(error) });
    }
  };
  return (
    <div className="committee-minutes">
      <button type="button" className="ui-button" disabled={state.kind === 'working'} aria-describedby={stateId} onClick={() => void download()}>
        Télécharger le procès-verbal
      </button>
      <p id={stateId} className="committee-muted" role="status">
        {state.kind === 'working' && PROGRESS_TEXT[state.progress]}
        {state.kind === 'done' && `Le procès-verbal « ${state.name} » est téléchargé.`}
      </p>
      {state.kind === 'failed' && <MessageBox kind="error">{state.message}</MessageBox>}
    </div>
  );
}
