import { useEffect, useId, useRef, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_STATUS_OPTIONS,
  DOCUMENT_TOO_LARGE,
  documentFacts,
  documentFilesHint,
  documentKind,
  documentLabel,
  labelOf,
  parseDocumentName,
  REQUIREMENT_STATE_OPTIONS,
  requirementState,
  type DocumentName,
  type RecordDocumentView,
  type RequirementState,
} from '@hsa-lli/common/domain';
import { errorText, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { ConfirmDialog, MessageBox, UploadList, UploadZone, useFileUploads } from '@hsa-lli/common/ui';
import { documentFileUrl, useDeleteDocumentMutation, useUploadDocumentMutation } from '../../lib/my-record-api.js';

export function StateBadge({ state }: { state: RequirementState }) {
  return <span className={`my-documents__badge my-documents__badge--${state}`}>{labelOf(REQUIREMENT_STATE_OPTIONS, state)}</span>;
}

const tooLarge = (file: File) => (file.size > DOCUMENT_MAX_BYTES ? DOCUMENT_TOO_LARGE : null);

/**
 * One document the household must provide: its state, its files (to open, replace or delete until validated), and where
 * to add files — chosen, dropped or photographed — each with its progress, a refused one with its reason and « Réessayer ».
 */
export function DocumentItem({ name, files, persons, required }: { name: DocumentName; files: RecordDocumentView[]; persons: number; required: boolean }) {
  const { type } = parseDocumentName(name)!;
  const kind = documentKind(type);
  const state = requirementState(files.map((file) => file.status));
  const fullName = documentLabel(name, persons);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);

  const [upload] = useUploadDocumentMutation();
  const { uploads, announcement, start, retry, remove } = useFileUploads<{ replaces?: number }>((file, { replaces }, onProgress, signal) => {
    const call = upload({ type: name, file, replaces, onProgress });
    signal.addEventListener('abort', () => call.abort());
    return call.unwrap();
  }, tooLarge);

  const [confirming, setConfirming] = useState<RecordDocumentView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(0);
  const [deleteDocument, deletion] = useDeleteDocumentMutation();
  const confirmDeletion = async (file: RecordDocumentView) => {
    setFailure(null);
    try {
      await deleteDocument({ id: file.id }).unwrap();
      dispatch(pushMessage({ kind: 'info', text: `Le fichier ${file.file_name} a été supprimé.` }));
      setDeleted((count) => count + 1);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setConfirming(null);
    }
  };
  // Once the dialog has given the focus back to a button no longer there.
  useEffect(() => {
    if (deleted > 0) title.current?.focus();
  }, [deleted]);

  const canAdd = kind.multiple ? files.length < DOCUMENT_MAX_FILES : files.length === 0;
  const hidden = (text: string) => <span className="ui-visually-hidden"> {text}</span>;

  return (
    <article className="my-documents__item" aria-labelledby={titleId}>
      <div className="my-documents__item-head">
        <h3 id={titleId} ref={title} tabIndex={-1}>
          {kind.label}
          {persons > 1 && hidden(`(${parseDocumentName(name)!.person === 1 ? 'premier' : 'second'} demandeur)`)}
        </h3>
        {required ? <StateBadge state={state} /> : <span className="my-documents__note">N’est plus demandée pour votre situation</span>}
      </div>
      {files.length > 0 && (
        <ul className="my-documents__files" aria-label={`Fichiers déposés : ${fullName}`}>
          {files.map((file) => (
            <li key={file.id} className="my-documents__file">
              <div className="my-documents__file-main">
                <a href={documentFileUrl(file.id)} target="_blank" rel="noopener noreferrer" className="my-documents__file-name">
                  {file.file_name}
                  <span className="ui-visually-hidden"> (s’ouvre dans un nouvel onglet)</span>
                </a>
                <span className="my-documents__file-facts">{documentFacts(file, 'owner')}</span>
              </div>
              <span className={`my-documents__badge my-documents__badge--${file.status}`}>{labelOf(DOCUMENT_STATUS_OPTIONS, file.status)}</span>
              {file.status === 'declined' && file.reason && <p className="my-documents__reason">Motif du refus : {file.reason}</p>}
              {file.status !== 'validated' && (
                <div className="my-documents__file-actions">
                  <ReplaceButton fileName={file.file_name} onFile={(chosen) => start([chosen], { replaces: file.id })} />
                  <button type="button" className="ui-button ui-button--secondary ui-button--small ui-button--danger" onClick={() => setConfirming(file)}>
                    Supprimer{hidden(file.file_name)}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <MessageBox kind="error" onClose={() => setFailure(null)}>
          {failure}
        </MessageBox>
      )}
      {canAdd && required ? (
        <UploadZone
          label={
            <>
              {kind.multiple ? 'Ajouter des fichiers' : 'Ajouter le fichier'}
              {hidden(`: ${fullName}`)}
            </>
          }
          hint={`${documentFilesHint(type)} Vous pouvez aussi déposer ${kind.multiple ? 'vos fichiers' : 'votre fichier'} dans ce cadre.`}
          accept={DOCUMENT_ACCEPT}
          multiple={kind.multiple}
          camera={<>Prendre une photo{hidden(`: ${fullName}`)}</>}
          uploads={uploads}
          announcement={announcement}
          onFiles={(chosen) => start(chosen, {})}
          onRetry={retry}
          onRemove={remove}
        />
      ) : (
        <>
          <UploadList uploads={uploads} onRetry={retry} onRemove={remove} />
          <p className="ui-visually-hidden" role="status">
            {announcement}
          </p>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Supprimer ce fichier ?"
        confirmLabel="Supprimer définitivement"
        danger
        busy={deletion.isLoading}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void confirmDeletion(confirming)}
      >
        {confirming && (
          <p>
            Le fichier {confirming.file_name} sera retiré de {fullName}. La suppression est définitive.
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}

/** « Remplacer »: picks one file, which takes the place of this one once accepted. */
function ReplaceButton({ fileName, onFile }: { fileName: string; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => input.current?.click()}>
        Remplacer<span className="ui-visually-hidden"> {fileName}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
