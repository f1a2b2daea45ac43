import { Link } from 'react-router';
import { useConsent } from '../features/consent/consent.js';

export function Footer() {
  const { openDialog } = useConsent();
  return (
    <footer className="shell-footer">
      <div className="shell-footer__columns">
        <address>
          <strong>HSA Logement intermédiaire</strong>
          <br />
          2 allée du Port-Neuf, 64100 Bayonne
          <br />
          <a href="tel:+33559000000">05 59 00 00 00</a>
        </address>
        <ul aria-label="Informations légales">
          <li>
            <Link to="/mentions-legales">Mentions légales</Link>
          </li>
          <li>
            <Link to="/reglement-general-sur-la-protection-des-donnees-personnelles">Données personnelles</Link>
          </li>
          <li>
            <button type="button" className="shell-footer__link" onClick={openDialog}>
              Gestion des cookies
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}
