/**
 * What a person recognises of a session in their list: « Chrome sur Windows », « Safari sur iPhone ». Read from the
 * browser's User-Agent at login, and made only of these words, never of the header's own text, which the browser (or
 * anybody with a script) writes as it likes.
 */

/** The first match wins: Edge, Opera and Samsung Internet also call themselves Chrome, and Chrome calls itself Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iPads and phones first: their User-Agents also name Mac OS X and Linux. */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Appareil inconnu';

const first = (table: readonly [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** A short French description of a browser and its system; « Appareil inconnu » when neither is recognised. */
export function describeDevice(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} sur ${system}`;
  if (browser) return browser;
  if (system) return `Navigateur sur ${system}`;
  return UNKNOWN_DEVICE;
}
