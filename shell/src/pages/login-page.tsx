export function LoginPage() {
  return (
    <section className="shell-login">
      <h1>Connexion</h1>
      <p>L'accès à votre espace ouvrira prochainement. Pour toute question sur votre dossier, contactez-nous au 05 59 00 00 00.</p>
    </section>
  );
}
