import { Outlet } from 'react-router';

/** A sheet of A4 paper, for the printable views turned into PDF. */
export function PdfLayout() {
  return (
    <main className="shell-pdf">
      <Outlet />
    </main>
  );
}
