/** Shows that something is on its way; the label is read by screen readers too. */
export function Loader({ active = true, label }: { active?: boolean; label?: string }) {
  if (!active) return null;
  return (
    <div className="ui-loader" role="status" aria-live="polite">
      <span className="ui-loader__spinner" aria-hidden="true" />
      <span className={label ? 'ui-loader__label' : 'ui-visually-hidden'}>{label ?? 'Chargement en cours'}</span>
    </div>
  );
}
