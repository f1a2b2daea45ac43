/**
 * After a refused submission, takes the focus to the first field in error (its control; the first choice of a group),
 * so that a keyboard or a screen reader lands on what to correct. Waits a frame for the errors to be drawn.
 */
export function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector('.ui-field--error')?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button')?.focus());
}
