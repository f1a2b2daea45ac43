/** Shown on the pages of a remote that could not be loaded: the other pages keep working. */
export function ReloadPage() {
  return (
    <section className="ui-page shell-status" role="alert">
      <h1>Page momentanément indisponible</h1>
      <p>Veuillez recharger la page.</p>
      <button type="button" className="ui-button" onClick={() => window.location.reload()}>
        Recharger
      </button>
    </section>
  );
}
