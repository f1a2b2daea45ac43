import { useId, useState } from 'react';
import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  documentFilesHint,
  documentKind,
  documentLabel,
  formatDateTime,
  formatTime,
  parseDocumentName,
  type DocumentName,
  type SharedDocumentView,
  type SharedUploadInfos,
} from '@hsa-lli/common/domain';
import { http, RequestError } from '@hsa-lli/common/http';
import { MessageBox, SelectField, UploadZone, useFileUploads, useForm } from '@hsa-lli/common/ui';
import { load } from '../../lib/api.js';
import './shared-upload.css';

/** Sending a few large scans over a phone's line takes longer than a form's 30 seconds. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
const FORM = 'shared-upload';

/** What the link stands for; a link unknown, expired or withdrawn gives the not-found page, whatever the API said. */
export async function sharedUploadLoader({ params, request }: LoaderFunctionArgs): Promise<SharedUploadInfos> {
  try {
    const { infos } = await load<{ infos: SharedUploadInfos }>('/records/shared/check', { record_id: params.record_id, token: params.token }, request);
    return infos;
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * Someone without an account adds documents to one file through a link its owner (or staff) made: they choose the
 * kind, add files with their progress, and see only what they sent during this visit, never what the file holds.
 */
export function SharedUploadPage() {
  const infos = useLoaderData<typeof sharedUploadLoader>();
  const { record_id: recordId = '', token = '' } = useParams();
  const persons = infos.situation === 'couple' ? 2 : 1;
  const form = useForm(FORM);
  const chosen = form.value('type') as DocumentName | '';
  const kind = chosen ? documentKind(parseDocumentName(chosen)!.type) : null;
  const [sent, setSent] = useState<SharedDocumentView[]>([]);
  const sentId = useId();

  const { uploads, announcement, start, retry, remove } = useFileUploads<{ type: DocumentName }>(
    async (file, { type }, onUploadProgress, signal) => {
      const body = new FormData();
      body.append('record_id', recordId);
      body.append('token', token);
      body.append('type', type);
      body.append('file', file, file.name);
      const { document } = await http.post<{ document: SharedDocumentView }>('/records/shared/upload', body, {
        action: true,
        onUploadProgress,
        controller: { signal },
        timeout: UPLOAD_TIMEOUT_MS,
        minDuration: 0,
      });
      setSent((list) => [...list, document]);
    },
    (file) => (file.size > DOCUMENT_MAX_BYTES ? DOCUMENT_TOO_LARGE : null),
  );

  return (
    <section className="ui-page shared-upload">
      <h1>Déposer des pièces justificatives</h1>
      <p>
        Vous ajoutez des pièces au dossier de demande de logement de <strong>{infos.owner}</strong>. Ce lien est valable jusqu’au{' '}
        {formatDateTime(infos.expires_at)}.
      </p>
      <MessageBox kind="statement">
        Les pièces déjà présentes dans ce dossier ne sont pas affichées : seules celles que vous envoyez maintenant apparaissent plus bas.
      </MessageBox>
      <form noValidate aria-label="Dépôt de pièces" className="ui-card shared-upload__form" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          form={form}
          name="type"
          label="Type de pièce"
          required
          placeholder="Choisissez le type de pièce"
          options={infos.required_documents.map((name) => ({ value: name, label: documentLabel(name, persons) }))}
        />
        <UploadZone
          label="Fichiers à envoyer"
          hint={`${documentFilesHint(kind?.value ?? null)} Vous pouvez aussi les déposer dans ce cadre.`}
          accept={DOCUMENT_ACCEPT}
          multiple={kind?.multiple ?? true}
          camera="Prendre une photo"
          uploads={uploads}
          announcement={announcement}
          onFiles={(files) => (chosen ? start(files, { type: chosen }) : form.showErrors({ type: 'Choisissez d’abord le type de pièce.' }))}
          onRetry={retry}
          onRemove={remove}
        />
      </form>
      <section className="ui-card shared-upload__sent" aria-labelledby={sentId}>
        <h2 id={sentId}>Pièces envoyées</h2>
        {sent.length === 0 ? (
          <p>Aucune pièce envoyée pour l’instant.</p>
        ) : (
          <ul>
            {sent.map((document) => (
              <li key={document.id}>
                <strong>{document.file_name}</strong> : {documentLabel(document.type, persons)}, envoyée à {formatTime(document.uploaded_at)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
