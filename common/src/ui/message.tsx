import type { ReactNode } from 'react';
import type { MessageKind } from '../store/messages-slice.js';

const LABELS: Record<MessageKind, string> = {
  info: 'Information',
  warning: 'Attention',
  error: 'Erreur',
  statement: 'À savoir',
};

/** A message box of one of the four kinds: info (green), warning (orange), error (red), statement (blue). */
export function MessageBox({ kind, children, onClose }: { kind: MessageKind; children: ReactNode; onClose?: () => void }) {
  return (
    <div className={`ui-message ui-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className="ui-visually-hidden">{LABELS[kind]} : </span>
      <div className="ui-message__text">{children}</div>
      {onClose && (
        <button type="button" className="ui-message__close" onClick={onClose} aria-label="Fermer le message">
          ×
        </button>
      )}
    </div>
  );
}
