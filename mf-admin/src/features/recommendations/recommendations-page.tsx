export function RecommendationsPage() {
  return (
    <section>
      <h1>Recommandations</h1>
      <p>Les dossiers soumis à l'avis du comité apparaîtront ici.</p>
    </section>
  );
}
