import { useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { DEFAULT_ERROR } from '../http/errors.js';
import { ABORTED } from '../http/request.js';
import { FieldFrame } from './fields/field-frame.js';
import { UploadList, type FileUpload } from './fields/file-field.js';

/** Why an upload was refused, in the server's words: its reason for the file when it gave one (its type, its size, a virus). */
export function uploadFailureText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR;
  const { error: text, fields } = error as { error?: unknown; fields?: Record<string, string> };
  const reasons = Object.values(fields ?? {});
  if (reasons.length > 0) return reasons.join(' ');
  return typeof text === 'string' && text !== '' ? text : DEFAULT_ERROR;
}

/**
 * Sends one file, telling its progress (0 to 1); rejects with the call's error ('ABORTED' once `signal` aborts it).
 * `meta` is what the page gave with the file (the document it replaces, say), given again on a retry.
 */
export type SendFile<M> = (file: File, meta: M, onProgress: (ratio: number) => void, signal: AbortSignal) => Promise<unknown>;

interface Pending<M> {
  file: File;
  meta: M;
  controller: AbortController;
}

/**
 * Files sent one request each, side by side, each with its own progress: a sent file leaves the list (the page shows
 * it where it now belongs), a refused one stays with the French reason, to try again or take off the list. `check`
 * refuses a file before it is sent (too large), as the server would. `announcement` is what a live region should say.
 */
export function useFileUploads<M = undefined>(send: SendFile<M>, check?: (file: File) => string | null) {
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef(new Map<string, Pending<M>>());
  const count = useRef(0);

  const update = (key: string, change: Partial<FileUpload>) => setUploads((list) => list.map((each) => (each.key === key ? { ...each, ...change } : each)));

  const run = async (key: string) => {
    const entry = pending.current.get(key);
    if (!entry) return;
    const refused = check?.(entry.file);
    if (refused) {
      update(key, { failure: refused });
      return;
    }
    try {
      await send(entry.file, entry.meta, (ratio) => update(key, { progress: ratio }), entry.controller.signal);
      pending.current.delete(key);
      setUploads((list) => list.filter((each) => each.key !== key));
      setAnnouncement(`${entry.file.name} : fichier envoyé.`);
    } catch (error) {
      if (error === ABORTED || entry.controller.signal.aborted) return;
      update(key, { failure: uploadFailureText(error) });
    }
  };

  const start = (files: readonly File[], meta: M) => {
    const added = files.map((file) => {
      const key = `upload-${(count.current += 1)}`;
      pending.current.set(key, { file, meta, controller: new AbortController() });
      return { key, name: file.name, progress: 0 };
    });
    setUploads((list) => [...list, ...added]);
    setAnnouncement(files.length === 1 ? `Envoi de ${files[0]!.name} en cours.` : `Envoi de ${files.length} fichiers en cours.`);
    for (const { key } of added) void run(key);
  };

  const retry = (upload: FileUpload) => {
    const entry = pending.current.get(upload.key);
    if (!entry) return;
    entry.controller = new AbortController();
    update(upload.key, { progress: 0, failure: undefined });
    setAnnouncement(`Nouvel envoi de ${upload.name} en cours.`);
    void run(upload.key);
  };

  /** Takes a file off the list, stopping its upload if it is still on its way. */
  const remove = (upload: FileUpload) => {
    pending.current.get(upload.key)?.controller.abort();
    pending.current.delete(upload.key);
    setUploads((list) => list.filter((each) => each.key !== upload.key));
  };

  return { uploads, announcement, start, retry, remove };
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files dropped on an element: its handlers, and whether files are being dragged over it (to show it). Other things
 * dragged (text, a picture of the page being reordered) are left to the page.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dropping, setDropping] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDropping(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDropping(false);
      const files = Array.from(event.dataTransfer.files);
      if (files.length > 0) onFiles(files);
    },
  };
  return { dropping, handlers };
}

export interface UploadZoneProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The types the picker offers: the server decides from the content. */
  accept?: string;
  multiple?: boolean;
  /** What a second button says that opens the phone's camera (`capture`), when the page offers one. */
  camera?: ReactNode;
  /** What `useFileUploads` gives. */
  uploads: readonly FileUpload[];
  announcement?: string;
  onFiles: (files: File[]) => void;
  onRetry: (upload: FileUpload) => void;
  onRemove: (upload: FileUpload) => void;
  error?: string;
}

/**
 * Where files are added: the file button (the keyboard's way), files dropped anywhere on the zone, and the camera
 * button on a phone; then each file's progress, or its French reason with « Réessayer ». A live region tells
 * screen readers when a file starts and ends its journey.
 */
export function UploadZone({ label, hint, accept, multiple, camera, uploads, announcement, onFiles, onRetry, onRemove, error }: UploadZoneProps) {
  const { dropping, handlers } = useFileDrop((files) => onFiles(multiple ? files : files.slice(0, 1)));
  const cameraInput = useRef<HTMLInputElement>(null);
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <div
      className={`ui-upload-zone${dropping ? ' ui-upload-zone--dropping' : ''}`}
      {...handlers}
    >
      <FieldFrame
        label={label}
        hint={hint}
        error={error}
        className="ui-file-field"
        control={(ids) => (
          <div className="ui-upload-zone__pickers">
            <input {...ids.control} type="file" accept={accept} multiple={multiple} onChange={chosen} />
            {camera && (
              <>
                <button
                  type="button"
                  id={`${ids.id}-camera`}
                  className="ui-button ui-button--secondary ui-button--small"
                  onClick={() => cameraInput.current?.click()}
                  aria-describedby={ids.describedBy}
                >
                  {camera}
                </button>
                {/* Opened by the button above, which names it. */}
                <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden aria-labelledby={`${ids.id}-camera`} onChange={chosen} />
              </>
            )}
          </div>
        )}
      >
        <UploadList uploads={uploads} onRetry={onRetry} onRemove={onRemove} />
      </FieldFrame>
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
