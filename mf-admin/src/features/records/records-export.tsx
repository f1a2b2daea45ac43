import { useEffect, useRef, useState } from 'react';
import type { ListRequest, RecordExportFormat, RecordListColumn } from '@hsa-lli/common/back-office';
import { fetchJobFile } from '@hsa-lli/common/http';
import { errorText } from '@hsa-lli/common/store';
import { MessageBox, saveFile } from '@hsa-lli/common/ui';
import { exportFileUrl, useStartRecordsExportMutation } from './records-api.js';

const FAILED = 'L’export n’a pas pu être préparé. Réessayez dans un instant.';

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
      saveFile(await fetchJobFile(exportFileUrl(job.id), controller.current.signal, 'dossiers'));
    } catch (failure) {
      if (controller.current.signal.aborted) return;
      // The API's French error when it gave one; a network failure says the export could not be made.
      setError(typeof failure === 'object' && failure !== null && 'error' in failure ? errorText(failure) : FAILED);
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
