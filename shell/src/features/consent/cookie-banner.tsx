import { useLayoutEffect, useRef, useState } from 'react';
import { Modal } from '@hsa-lli/common/ui';
import { type ConsentApi, useConsent } from './consent.js';

/** The room the banner takes at the foot of the screen, as a CSS variable: the page leaves it free below its end. */
const SPACE = '--shell-cookie-banner-space';

export function CookieBanner() {
  const consent = useConsent();
  if (!consent.known || consent.choice !== null) return null;
  return <OpenCookieBanner consent={consent} />;
}

/**
 * The banner floats over the foot of the page until a choice is made: the page gets as much room below its end, so
 * that its last lines and buttons (a form's « Enregistrer » on a phone) can be scrolled above the banner, and a field
 * reached with the keyboard is never hidden behind it.
 */
function OpenCookieBanner({ consent }: { consent: ConsentApi }) {
  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current!;
    const reserve = () => root.style.setProperty(SPACE, `${window.innerHeight - element.getBoundingClientRect().top}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty(SPACE);
    };
  }, []);
  return (
    <section ref={banner} className="shell-cookie-banner" aria-label="Cookies">
      <p>Nous utilisons des cookies à des fins de mesure d'audience.</p>
      <div className="shell-cookie-banner__actions">
        <button type="button" className="ui-button" onClick={consent.accept}>
          Accepter
        </button>
        <button type="button" className="ui-button" onClick={consent.refuse}>
          Refuser
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={consent.openDialog}>
          Affiner mes choix
        </button>
      </div>
    </section>
  );
}

/** 'Paramètres de confidentialité': one switch, for audience measurement. */
export function PrivacyDialog() {
  const consent = useConsent();
  return (
    <Modal open={consent.dialogOpen} title="Paramètres de confidentialité" onClose={consent.closeDialog}>
      {consent.dialogOpen && <PrivacyChoices initial={consent.analytics} onSave={consent.customize} />}
    </Modal>
  );
}

function PrivacyChoices({ initial, onSave }: { initial: boolean; onSave: (analytics: boolean) => void }) {
  const [analytics, setAnalytics] = useState(initial);
  return (
    <>
      <p>
        La mesure d'audience nous aide à savoir quelles pages sont consultées, pour améliorer le site. Les cookies
        nécessaires au fonctionnement du site (votre connexion) ne demandent pas votre accord.
      </p>
      <p className="shell-privacy-row">
        <span id="analytics-label">Mesure d'audience</span>
        <button type="button" role="switch" aria-checked={analytics} aria-labelledby="analytics-label" className="ui-switch" onClick={() => setAnalytics(!analytics)}>
          <span className="ui-switch__track" aria-hidden="true" />
          <span>{analytics ? 'Actif' : 'Inactif'}</span>
        </button>
      </p>
      <button type="button" className="ui-button" onClick={() => onSave(analytics)}>
        Enregistrer mes choix
      </button>
    </>
  );
}
