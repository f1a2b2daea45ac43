import { useState } from 'react';
import { fetchPdf, type PdfProgress } from '@hsa-lli/common/http';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';
import { saveFile } from '@hsa-lli/common/ui';
import './pdf-sheet.css';

/** Whether the page is being printed into its PDF (the print job says so before the page starts). */
export function isPrinting(): boolean {
  return (window as { __PRINTING__?: boolean }).__PRINTING__ === true;
}

const PROGRESS_TEXT: { [progress in PdfProgress]: string } = {
  asked: 'Préparation du PDF…',
  waiting: 'Préparation du PDF… (en attente d’impression)',
  active: 'Préparation du PDF… (impression en cours)',
};

type State = { kind: 'idle' } | { kind: 'working'; progress: PdfProgress } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/**
 * « Télécharger le PDF »: asks the API for the page's PDF, shows how its printing goes, then downloads it. Absent from
 * the page the print job prints, and hidden when a person prints the page themselves.
 */
export function PdfDownload({ call }: { call: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (isPrinting()) return null;
  const working = state.kind === 'working';

  const download = async () => {
    setState({ kind: 'working', progress: 'asked' });
    try {
      const file = await fetchPdf(call, (progress) => setState({ kind: 'working', progress }));
      saveFile(file);
      setState({ kind: 'done', name: file.name });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error && !('status' in error) ? error.message : errorText(error) });
    }
  };

  return (
    <div className="pdf-actions">
      <button type="button" className="ui-button" onClick={() => void download()} disabled={working} aria-describedby="pdf-download-state">
        Télécharger le PDF
      </button>
      <div id="pdf-download-state" className="pdf-actions__state" role="status" aria-live="polite">
        {working && (
          <>
            <progress aria-label="Préparation du PDF" /> {PROGRESS_TEXT[state.progress]}
          </>
        )}
        {state.kind === 'done' && <>Le PDF « {state.name} » est téléchargé.</>}
      </div>
      {state.kind === 'failed' && <MessageBox kind="error">{state.message}</MessageBox>}
    </div>
  );
}
