import type { ReactNode } from 'react';

/**
 * A table of a printable page: on paper as wide as the sheet; on a phone, scrolled sideways inside its own region
 * (reachable by keyboard), never the page.
 */
export function PdfTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="pdf-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `pdf-table ${className}` : 'pdf-table'}>{children}</table>
    </div>
  );
}
