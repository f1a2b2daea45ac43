import { Link } from 'react-router';
import { formatDate, LEGAL_NOTICE, PRIVACY_NOTICE, type LegalDocument } from '@hsa-lli/common/domain';
import { SOCIAL_ACCESSION_URL } from '../../lib/links.js';
import './legal.css';

function LegalText({ document }: { document: LegalDocument }) {
  return (
    <>
      <h1>{document.title}</h1>
      <p className="legal__updated">Mise à jour du {formatDate(document.updated)}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function Documents() {
  return (
    <aside className="ui-card legal__documents">
      <h2>Documents</h2>
      <ul>
        <li>
          <a href="/api/legal/conditions-generales-d-utilisation.pdf">Conditions générales d'utilisation (PDF)</a>
        </li>
        <li>
          <a href="/api/legal/notice-protection-des-donnees-personnelles.pdf">Notice de protection des données personnelles (PDF)</a>
        </li>
        <li>
          <a href={SOCIAL_ACCESSION_URL} rel="noopener">
            Devenir propriétaire : l'accession sociale (service-public.fr)
          </a>
        </li>
      </ul>
    </aside>
  );
}

export function LegalNoticePage() {
  return (
    <div className="ui-page legal">
      <LegalText document={LEGAL_NOTICE} />
      <Documents />
    </div>
  );
}

export function PrivacyPage() {
  return (
    <div className="ui-page legal">
      <LegalText document={PRIVACY_NOTICE} />
      <p>
        Une question, une demande sur vos données ? <Link to="/nous-contacter">Écrivez-nous</Link>.
      </p>
      <Documents />
    </div>
  );
}
