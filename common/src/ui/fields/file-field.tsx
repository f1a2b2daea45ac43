import type { ChangeEvent } from 'react';
import { formatNumber } from '../../domain/format.js';
import { FieldFrame, type FieldProps } from './field-frame.js';

/** A file the person chose, as its uploader (the page, with the request helper's `onUploadProgress`) reports it. */
export interface FileUpload {
  /** Tells the uploads apart (two files may share a name). */
  key: string;
  name: string;
  /** How much of it has been sent, from 0 to 1. */
  progress: number;
  /** Why it could not be sent: the upload can be tried again. */
  failure?: string;
}

export type FileFieldProps = Omit<FieldProps, 'defaultValue' | 'readOnly'> & {
  /** The types the input offers to pick: '.pdf,image/*'. */
  accept?: string;
  multiple?: boolean;
  uploads: readonly FileUpload[];
  /** The files just chosen: the page starts sending them and lists them in `uploads`. */
  onFiles: (files: File[]) => void;
  onRetry?: (upload: FileUpload) => void;
  onRemove?: (upload: FileUpload) => void;
};

const percent = (progress: number) => `${formatNumber(Math.round(Math.min(1, Math.max(0, progress)) * 100))}\u00a0%`;

/**
 * Files to send, each with its progress bar, and what to do with it: try a failed one again, remove one. The form
 * holds the names of the files, one a line, so that its checks (a required document) read them as any field.
 */
export function FileField({ form, name, label, hint, required, accept, multiple, uploads, onFiles, onRetry, onRemove }: FileFieldProps) {
  const error = form.errors[name];
  const names = (list: readonly { name: string }[]) => list.map((file) => file.name).join('\n');
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after a removal.
    event.target.value = '';
    if (files.length === 0) return;
    form.set(name, names([...(multiple ? uploads : []), ...files]));
    onFiles(files);
  };
  const remove = (upload: FileUpload) => {
    form.set(name, names(uploads.filter((each) => each.key !== upload.key)));
    onRemove?.(upload);
  };
  return (
    <FieldFrame
      label={label}
      hint={hint}
      required={required}
      error={error}
      className="ui-file-field"
      control={(ids) => (
        <input
          {...ids.control}
          type="file"
          accept={accept}
          multiple={multiple}
          required={required && uploads.length === 0}
          onChange={onChange}
        />
      )}
    >
      <UploadList uploads={uploads} onRetry={onRetry} onRemove={onRemove && remove} />
    </FieldFrame>
  );
}

/** Files on their way, each with its progress bar or why it failed (« Réessayer »), and « Retirer » when the page offers it. */
export function UploadList({ uploads, onRetry, onRemove }: { uploads: readonly FileUpload[]; onRetry?: (upload: FileUpload) => void; onRemove?: (upload: FileUpload) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="ui-file-field__list">
      {uploads.map((upload) => (
        <li key={upload.key} className="ui-file-field__file">
          <span className="ui-file-field__name">{upload.name}</span>
          {upload.failure ? (
            <span className="ui-file-field__failure" role="alert">
              {upload.failure}
            </span>
          ) : (
            <span className="ui-file-field__progress">
              <progress max={1} value={upload.progress} aria-label={`Envoi de ${upload.name}`} />
              {/* Sent whole, the file is still being checked (its content, the antivirus): a refusal may follow. */}
              <span>{upload.progress >= 1 ? 'Vérification…' : percent(upload.progress)}</span>
            </span>
          )}
          <span className="ui-file-field__actions">
            {upload.failure && onRetry && (
              <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => onRetry(upload)} aria-label={`Réessayer l’envoi de ${upload.name}`}>
                Réessayer
              </button>
            )}
            {onRemove && (
              <button type="button" className="ui-button ui-button--secondary ui-button--small" onClick={() => onRemove(upload)} aria-label={`Retirer ${upload.name}`}>
                Retirer
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
