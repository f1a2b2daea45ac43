import { useEffect, useState } from 'react';
import { documentFacts, documentLabel, type RecordDocumentView } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { Loader, Modal, RequestErrorMessage } from '@hsa-lli/common/ui';
import { copyError, copyUnreachable, frameFailure, parsed } from './copy-failure.js';
import { DecisionControls, FileBadges, hidden, SentReason } from './decision-controls.js';
import { documentCopyUrl } from './record-documents-api.js';
import type { ReviewForm } from './review-decisions.js';

type CopyState = { kind: 'loading' } | { kind: 'shown'; src: string } | { kind: 'failed'; error: RequestErrorData };

/**
 * The watermarked copy itself: a PDF in a frame (the browser's viewer), a photo as a picture. Each read is in the audit
 * trail and the first one of the day makes the copy, which may take a moment: the picture is fetched once and shown
 * from memory, the frame loads the copy's address once.
 */
function Copy({ file }: { file: RecordDocumentView }) {
  const url = documentCopyUrl(file.id);
  const pdf = file.content_type === 'application/pdf';
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CopyState>({ kind: 'loading' });

  useEffect(() => {
    if (pdf) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return setState({ kind: 'failed', error: copyError(response.status, parsed(await response.text())) });
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ kind: 'shown', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error: copyUnreachable() });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, pdf, attempt]);

  const title = `Copie filigranée de ${file.file_name}`;
  return (
    <div className="record-viewer__copy">
      {state.kind === 'loading' && <Loader label="Préparation de la copie filigranée : la première ouverture d’un fichier peut prendre quelques secondes." />}
      {state.kind === 'failed' && (
        <>
          <RequestErrorMessage error={state.error} />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Réessayer
          </button>
        </>
      )}
      {pdf ? (
        state.kind !== 'failed' && (
          <iframe
            key={attempt}
            src={url}
            title={title}
            className={`record-viewer__frame${state.kind === 'shown' ? '' : ' record-viewer__frame--loading'}`}
            onLoad={(event) => {
              const failure = frameFailure(event.currentTarget);
              setState(failure ? { kind: 'failed', error: failure } : { kind: 'shown', src: url });
            }}
          />
        )
      ) : (
        state.kind === 'shown' && <img src={state.src} alt={title} className="record-viewer__image" />
      )}
    </div>
  );
}

/** The viewer: one file's copy at a time, its facts and the decision on it, and the way to the file before or after. */
export function CopyViewer({
  files,
  id,
  persons,
  form,
  onShow,
  onClose,
}: {
  files: RecordDocumentView[];
  id: number | null;
  persons: number;
  form: ReviewForm;
  onShow: (id: number) => void;
  onClose: () => void;
}) {
  const index = files.findIndex((file) => file.id === id);
  const file = files[index];
  const previous = files[index - 1];
  const next = files[index + 1];
  return (
    <Modal open={file !== undefined} title={file ? `Copie filigranée : ${file.file_name}` : ''} onClose={onClose} className="record-viewer">
      {file && (
        <div className="record-viewer__layout">
          <Copy key={file.id} file={file} />
          <div className="record-viewer__side">
            <p className="record-viewer__kind">{documentLabel(file.type, persons)}</p>
            <p className="record-docs__facts">{documentFacts(file, 'staff')}</p>
            <FileBadges file={file} />
            <SentReason file={file} />
            <DecisionControls form={form} file={file} />
            <p>
              <a href={documentCopyUrl(file.id)} target="_blank" rel="noopener noreferrer">
                Ouvrir dans un nouvel onglet{hidden('(copie filigranée)')}
              </a>
            </p>
            {file.content_type === 'application/pdf' && (
              <p className="record-docs__note">Un téléphone n’affiche pas toujours un PDF dans la page : ouvrez-le alors dans un nouvel onglet.</p>
            )}
            <nav className="record-viewer__nav" aria-label="Autres fichiers du dossier">
              <p>
                Fichier {index + 1} sur {files.length}
              </p>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!previous} onClick={() => previous && onShow(previous.id)}>
                Fichier précédent
              </button>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" disabled={!next} onClick={() => next && onShow(next.id)}>
                Fichier suivant
              </button>
            </nav>
          </div>
        </div>
      )}
    </Modal>
  );
}
