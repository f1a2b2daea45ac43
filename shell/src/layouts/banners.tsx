import { CookieBanner, PrivacyDialog } from '../features/consent/cookie-banner.js';
import { VersionBanner } from '../features/version/version-banner.js';

/** The banners of the screen layouts (the PDF layout, made for printing, has none). */
export function Banners() {
  return (
    <>
      <VersionBanner />
      <CookieBanner />
      <PrivacyDialog />
    </>
  );
}
