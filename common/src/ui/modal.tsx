import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog>: focus moves in and stays in, Escape closes it, the rest of
 * the page is inert for screen readers, and focus returns where it was on close.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className = '',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`ui-modal ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="ui-modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>
          Fermer
        </button>
      </div>
      <div className="ui-modal__body">{children}</div>
    </dialog>
  );
}

/**
 * A question before an action: what will happen (`children`), the action's button, and « Annuler ». The button is
 * disabled while `busy`; a `danger` action (a deletion) is red.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  busy = false,
  danger = false,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {children}
      <div className="ui-modal__actions">
        <button type="button" className={`ui-button${danger ? ' ui-button--danger' : ''}`} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>
          Annuler
        </button>
      </div>
    </Modal>
  );
}

/** A picture over the whole screen, for photos and plans. */
export function ImageModal({ image, onClose }: { image: { url: string; alt: string } | null; onClose: () => void }) {
  return (
    <Modal open={image !== null} title={image?.alt ?? ''} onClose={onClose} className="ui-modal--image">
      {image && <img src={image.url} alt={image.alt} />}
    </Modal>
  );
}
