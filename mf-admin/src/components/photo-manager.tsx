import { useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_FORMATS,
  IMAGE_ALT_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  TOO_MANY_IMAGES,
  UPLOAD_REFUSED,
  imageAltSchema,
  imageTooLarge,
} from '@hsa-lli/common/back-office';
import type { ImageView } from '@hsa-lli/common/domain';
import { errorText, pushMessage, useAppDispatch } from '@hsa-lli/common/store';
import { ConfirmDialog, FileField, MessageBox, RequestErrorMessage, TextField, useFileDrop, useForm, useSubmission, type FileUpload } from '@hsa-lli/common/ui';
import {
  useDeleteImageMutation,
  useReorderImagesMutation,
  useUpdateImageAltMutation,
  useUploadImagesMutation,
  type ImagesOf,
} from './photo-manager-api.js';
import './photo-manager.css';

interface Words {
  /** « Photo », « Plan ». */
  title: string;
  /** « la photo », « le plan ». */
  the: string;
  many: string;
  none: string;
  moved: string;
  deleted: string;
  confirm: string;
  /** What deleting it does, said in the confirmation. */
  gone: string;
  added: (count: number) => string;
}

const WORDS: Record<ImageView['kind'], Words> = {
  photo: {
    title: 'Photo',
    the: 'la photo',
    many: 'photos',
    none: 'Aucune photo pour l’instant.',
    moved: 'déplacée',
    deleted: 'La photo a été supprimée.',
    confirm: 'Supprimer cette photo ?',
    gone: 'Elle ne sera plus montrée nulle part, et la suppression est définitive.',
    added: (count) => (count === 1 ? 'La photo a été ajoutée.' : `${count} photos ont été ajoutées.`),
  },
  plan: {
    title: 'Plan',
    the: 'le plan',
    many: 'plans',
    none: 'Aucun plan pour l’instant.',
    moved: 'déplacé',
    deleted: 'Le plan a été supprimé.',
    confirm: 'Supprimer ce plan ?',
    gone: 'Il ne sera plus montré nulle part, et la suppression est définitive.',
    added: (count) => (count === 1 ? 'Le plan a été ajouté.' : `${count} plans ont été ajoutés.`),
  },
};

const FILES = 'files';
const HINT = `${IMAGE_FORMATS}, ${IMAGE_MAX_BYTES / (1024 * 1024)} Mo au plus chacune, ${IMAGE_MAX_FILES} à la fois. Vous pouvez aussi les glisser-déposer ici.`;
/** What the pictures' own drags carry, which neither the file zone nor a text field takes. */
const DRAGGED_IMAGE = 'application/x-hsa-image';
const SHORT_ALT = 60;

const thumbnail = (image: ImageView) => `${image.url}?w=500`;
const shortAlt = (alt: string) => (alt.length > SHORT_ALT ? `${alt.slice(0, SHORT_ALT - 1)}…` : alt);

/** Why an upload was refused: the server's message, and its reason on the files when it gave one. */
function uploadFailure(error: unknown): string {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error.fields as Record<string, string>) : {};
  return [errorText(error), ...Object.values(fields)].join(' ');
}

/** A file over the limits is refused before it is sent, as the server would. */
function refusedBeforeSending(files: readonly File[]): string | null {
  if (files.length > IMAGE_MAX_FILES) return TOO_MANY_IMAGES;
  const large = files.find((file) => file.size > IMAGE_MAX_BYTES);
  return large ? imageTooLarge(large.name) : null;
}

export interface PhotoManagerProps extends ImagesOf {
  /** The section's title: « Photos de la résidence », « Plan du logement ». */
  label: string;
  /** The pictures as the page loaded them, in their order. */
  images: ImageView[];
  /** Told the pictures as the server now has them, after each change (to reload the page's history, say). */
  onChange?: (images: ImageView[]) => void;
}

/**
 * The photos (or plans) of a residence or a good: several sent at once, chosen or dropped, with their progress; each
 * shown with its alternative text to edit, moved by dragging it or with its « Déplacer avant » and « Déplacer après »
 * buttons (each move announced), and deleted after a confirmation. The server's French messages are shown as they are.
 */
export function PhotoManager({ owner, ownerId, kind, label, images, onChange }: PhotoManagerProps) {
  const of = { owner, ownerId, kind };
  const words = WORDS[kind];
  const dispatch = useAppDispatch();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // What the last change answered, until the page gives newer pictures.
  const [answer, setAnswer] = useState<{ base: ImageView[]; images: ImageView[] } | null>(null);
  const shown = answer && answer.base === images ? answer.images : images;
  const show = (next: ImageView[]) => setAnswer({ base: images, images: next });
  const keep = (next: ImageView[]) => {
    show(next);
    onChange?.(next);
  };
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  // Uploads: each batch is one request, whose progress every file of it shows.
  const form = useForm(`images-${owner}-${ownerId}-${kind}`);
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const batches = useRef(0);
  const [upload] = useUploadImagesMutation();
  const send = async (files: File[]) => {
    setFailure(null);
    const refused = refusedBeforeSending(files);
    if (refused) {
      form.set(FILES, '');
      setFailure(`${UPLOAD_REFUSED} ${refused}`);
      return;
    }
    const batch = (batches.current += 1);
    const keys = files.map((_, index) => `${batch}-${index}`);
    const inBatch = (each: FileUpload) => keys.includes(each.key);
    setUploads((list) => [...list, ...files.map((file, index) => ({ key: keys[index]!, name: file.name, progress: 0 }))]);
    const onProgress = (ratio: number) => setUploads((list) => list.map((each) => (inBatch(each) ? { ...each, progress: ratio } : each)));
    try {
      keep(await upload({ ...of, files, onProgress }).unwrap());
      dispatch(pushMessage({ kind: 'info', text: words.added(files.length) }));
    } catch (error) {
      setFailure(uploadFailure(error));
    } finally {
      setUploads((list) => list.filter((each) => !inBatch(each)));
      if (batch === batches.current) form.set(FILES, '');
    }
  };
  const drop = useFileDrop((files) => {
    form.set(FILES, files.map((file) => file.name).join('\n'));
    void send(files);
  });

  // Moves, by the buttons or by dragging a picture onto another's place.
  const [reorder] = useReorderImagesMutation();
  const [moving, setMoving] = useState(false);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const dragged = useRef<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const moveTo = async (image: ImageView, to: number, button?: 'before' | 'after') => {
    const from = shown.indexOf(image);
    if (moving || from < 0 || to < 0 || to >= shown.length || to === from) return;
    const before = shown;
    const order = shown.filter((each) => each !== image);
    order.splice(to, 0, image);
    show(order);
    // The list is drawn anew: the button pressed keeps the focus.
    if (button) refocus.current = `${image.id}-${button}`;
    setAnnouncement(`${words.title} ${words.moved} en position ${to + 1} sur ${order.length} : ${shortAlt(image.alt)}.`);
    setMoving(true);
    try {
      keep(await reorder({ ...of, ids: order.map((each) => each.id) }).unwrap());
    } catch (error) {
      show(before);
      setAnnouncement('');
      setFailure(errorText(error));
    } finally {
      setMoving(false);
    }
  };
  useLayoutEffect(() => {
    if (refocus.current === null) return;
    moveButtons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [shown]);

  // Deletion, once confirmed; the focus then goes back to the section's title.
  const [confirming, setConfirming] = useState<ImageView | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(0);
  const [remove] = useDeleteImageMutation();
  const confirmDeletion = async (image: ImageView) => {
    setDeleting(true);
    setFailure(null);
    try {
      keep(await remove({ id: image.id }).unwrap());
      dispatch(pushMessage({ kind: 'info', text: words.deleted }));
      setDeleted((count) => count + 1);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };
  // After the dialog has closed (its own effect runs first) and given the focus back to a button no longer there.
  useEffect(() => {
    if (deleted > 0) heading.current?.focus();
  }, [deleted]);

  return (
    <section
      className={`photo-manager${drop.dropping ? ' photo-manager--dropping' : ''}`}
      aria-labelledby={headingId}
      {...drop.handlers}
    >
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {label}
      </h2>
      <FileField form={form} name={FILES} label={`Ajouter des ${words.many}`} hint={HINT} accept={IMAGE_ACCEPT} multiple uploads={uploads} onFiles={(files) => void send(files)} />
      {failure && (
        <MessageBox kind="error" onClose={() => setFailure(null)}>
          {failure}
        </MessageBox>
      )}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      {shown.length === 0 ? (
        <p className="photo-manager__empty">{words.none}</p>
      ) : (
        <>
          {shown.length > 1 && (
            <p className="photo-manager__help">Glissez une image à la place d’une autre, ou utilisez ses boutons « Déplacer avant » et « Déplacer après ».</p>
          )}
          <ol className="photo-manager__list">
            {shown.map((image, index) => (
              <PhotoItem
                key={image.id}
                image={image}
                position={index + 1}
                count={shown.length}
                words={words}
                moving={moving}
                dropTarget={dropTarget === image.id}
                moveButton={(button, element) => {
                  const key = `${image.id}-${button}`;
                  if (element) moveButtons.current.set(key, element);
                  else moveButtons.current.delete(key);
                }}
                onMove={(button) => void moveTo(image, button === 'before' ? index - 1 : index + 1, button)}
                onDelete={() => setConfirming(image)}
                onSaved={(saved) => keep(shown.map((each) => (each.id === saved.id ? saved : each)))}
                onDragStart={() => (dragged.current = image.id)}
                onDragEnd={() => {
                  dragged.current = null;
                  setDropTarget(null);
                }}
                onDragOver={(event) => {
                  if (dragged.current === null || !event.dataTransfer.types.includes(DRAGGED_IMAGE)) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setDropTarget(image.id);
                }}
                onDrop={(event) => {
                  const source = shown.find((each) => each.id === dragged.current);
                  if (!source) return;
                  event.preventDefault();
                  dragged.current = null;
                  setDropTarget(null);
                  void moveTo(source, index);
                }}
              />
            ))}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={words.confirm}
        confirmLabel="Supprimer définitivement"
        danger
        busy={deleting}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void confirmDeletion(confirming)}
      >
        {confirming && (
          <>
            <img className="photo-manager__confirm-image" src={thumbnail(confirming)} alt={confirming.alt} width={confirming.width} height={confirming.height} />
            <p>
              {words.title} « {confirming.alt} ». {words.gone}
            </p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

type MoveButton = 'before' | 'after';

/** One picture: its thumbnail (the handle to drag it), its place, its alternative text, its buttons. */
function PhotoItem({
  image,
  position,
  count,
  words,
  moving,
  dropTarget,
  moveButton,
  onMove,
  onDelete,
  onSaved,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: {
  image: ImageView;
  position: number;
  count: number;
  words: Words;
  moving: boolean;
  dropTarget: boolean;
  moveButton: (button: MoveButton, element: HTMLButtonElement | null) => void;
  onMove: (button: MoveButton) => void;
  onDelete: () => void;
  onSaved: (image: ImageView) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}) {
  const dispatch = useAppDispatch();
  const form = useForm(`image-alt-${image.id}`, imageAltSchema);
  const { sending, failure, send } = useSubmission();
  const [update] = useUpdateImageAltMutation();
  const titleId = useId();
  // Names the picture in its buttons' names: the same texts would otherwise stand on every picture.
  const named = `${words.the} ${position} (${shortAlt(image.alt)})`;
  const unavailable = { before: moving || position === 1, after: moving || position === count };
  const moveProps = (button: MoveButton) => ({
    ref: (element: HTMLButtonElement | null) => moveButton(button, element),
    type: 'button' as const,
    className: 'ui-button ui-button--secondary ui-button--small',
    // Not `disabled`: the button keeps the focus when it can no longer move the picture that way.
    'aria-disabled': unavailable[button] || undefined,
    onClick: () => !unavailable[button] && onMove(button),
  });

  return (
    <li className={`photo-manager__item${dropTarget ? ' photo-manager__item--target' : ''}`} onDragOver={onDragOver} onDrop={onDrop}>
      <div
        className="photo-manager__handle"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData(DRAGGED_IMAGE, String(image.id));
          onDragStart();
        }}
        onDragEnd={onDragEnd}
      >
        <img src={thumbnail(image)} alt={image.alt} width={image.width} height={image.height} loading="lazy" draggable={false} />
      </div>
      <p id={titleId} className="photo-manager__position">
        {words.title} {position} sur {count}
      </p>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={async (event) => {
          const values = form.submit(event);
          if (!values) return;
          const saved = await send(() => update({ id: image.id, alt: values.alt ?? '' }).unwrap(), form.showErrors);
          if (!saved) return;
          onSaved(saved);
          dispatch(pushMessage({ kind: 'info', text: 'Le texte alternatif a été enregistré.' }));
        }}
      >
        <TextField form={form} name="alt" label="Texte alternatif" required defaultValue={image.alt} maxLength={IMAGE_ALT_MAX} />
        {failure && <RequestErrorMessage error={failure} />}
        <button type="submit" className="ui-button ui-button--small" disabled={sending} aria-label={`Enregistrer le texte alternatif de ${words.the} ${position}`}>
          Enregistrer
        </button>
      </form>
      <div className="photo-manager__actions">
        <button {...moveProps('before')} aria-label={`Déplacer avant : ${named}`}>
          Déplacer avant
        </button>
        <button {...moveProps('after')} aria-label={`Déplacer après : ${named}`}>
          Déplacer après
        </button>
        <button type="button" className="ui-button ui-button--secondary ui-button--small ui-button--danger" onClick={onDelete} aria-label={`Supprimer : ${named}`}>
          Supprimer
        </button>
      </div>
    </li>
  );
}
