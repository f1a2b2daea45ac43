import { useEffect, useRef, useState } from 'react';
import type { ListRequest, RecordExportFormat, RecordListColumn } from '@hsa-lli/common/back-office';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox, saveFile } from '@hsa-lli/common/ui';
import { exportFileUrl, useStartRecordsExportMutation } from './records-api.js';

const POLL_MS = 1000;
const FAILED = 'L’export n’a pas pu être préparé. Réessayez dans un instant.';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Follows the export's job every second, then gives its file to the browser. The request helper reads JSON only:
 * the file is read here as bytes.
 */
async function download(job: string, signal: AbortSignal): Promise<void> {
  for (;;) {
    const response = await fetch(exportFileUrl(job), { credentials: 'same-origin', signal });
    if (response.status === 200) {
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'dossiers';
      saveFile({ file: await response.blob(), name });
      return;
    }
    if (response.status !== 202) throw new Error(`Export answered ${response.status}`);
    await wait(POLL_MS, signal);
  }
}

/** « Exporter en CSV » and « Exporter en Excel »: the list as filtered, searched and sorted now, every page of it. */
export function RecordsExport({ request }: { request: ListRequest<RecordListColumn> }) {
  const [start] = useStartRecordsExportMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const exportAs = async (format: RecordExportFormat) => {
    const { search, filters, sort } = request;
    setBusy(true);
    setError(null);
    controller.current = new AbortController();
    try {
      const { job } = await start({ format, search, filters, sort }).unwrap();
      await download(job.id, controller.current.signal);
    } catch (failure) {
      if (controller.current.signal.aborted) return;
      setError(failure instanceof Error ? FAILED : errorText(failure));
    }
    setBusy(false);
  };

  return (
    <div className="record-export">
      <div className="bo-heading__links">
        <button type="button" className="ui-button ui-button--secondary" disabled={busy} onClick={() => void exportAs('csv')}>
          Exporter en CSV
        </button>
        <button type="button" className="ui-button ui-button--secondary" disabled={busy} onClick={() => void exportAs('xlsx')}>
          Exporter en Excel
        </button>
      </div>
      <p className="record-export__status" role="status">
        {busy ? 'Préparation de l’export…' : ''}
      </p>
      {error && <MessageBox kind="error">{error}</MessageBox>}
    </div>
  );
}
