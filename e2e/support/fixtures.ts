import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-2026-lli';
export const emailOf = (role: string) => `${role}@demo.hsa-lli.fr`;

/**
 * Public pages arrive prerendered: they take clicks once React has taken over (html[data-rendered]). A page that does
 * not come alive fails with what it was at: its state, what it loaded and what it shows.
 */
export async function alive(page: Page): Promise<void> {
  try {
    await page.waitForSelector('html[data-rendered="true"]', { state: 'attached', timeout: 25_000 });
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        html: { ...document.documentElement.dataset },
        scripts: [...document.scripts].map((script) => script.src || `inline #${script.id}`),
        loaded: performance.getEntriesByType('resource').map((entry) => {
          const resource = entry as PerformanceResourceTiming;
          return `${resource.name.replace(location.origin, '')} ${resource.responseStatus} after ${Math.round(resource.startTime)} ms, ${Math.round(resource.duration)} ms`;
        }),
        text: document.body.innerText.slice(0, 300),
      }))
      .catch((reason: unknown) => `unreadable: ${String(reason)}`);
    throw new Error(`The page did not come alive within 25 s: ${JSON.stringify(state, null, 2)}`, { cause: error });
  }
}

/** Collects what Chromium reports as blocked by the Content-Security-Policy, in every page of a context. */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  // Chromium logs most blocked loads itself; a blocked eval that the page catches only fires this event.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return violations;
}

/**
 * Pages start with the cookie choice already made (refused), so that the banner does not cover what
 * a test clicks; a test about the banner sets `consentChoice` to null. Every `goto` and `reload`
 * waits until the page is alive: a click on a prerendered page before React has taken over does nothing.
 */
export const test = base.extend<{ consentChoice: string | null; contentSecurityPolicy: void }>({
  consentChoice: ['false', { option: true }],
  // Every journey fails on anything the page's policy blocks: a blocked script is a broken page.
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const violations = await watchContentSecurityPolicy(context);
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, consentChoice }, use) => {
    if (consentChoice !== null) {
      await page.addInitScript((choice) => {
        if (localStorage.getItem('cookies_consent') === null) localStorage.setItem('cookies_consent', choice);
      }, consentChoice);
    }
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await alive(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await alive(page);
      return response;
    };
    await use(page);
  },
});

export { expect };

/** Opens a session for the page's browser context through the API, as the login form would. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}

/** Another person's browser (a context of its own, 1280 px wide, the cookie choice made), on a new page. */
export async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('cookies_consent', 'false'));
  return context.newPage();
}

/** Logs in through the side panel of the public header, as a person does. */
export async function loginThroughPanel(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Mon espace' }).click();
  const panel = page.getByRole('dialog', { name: 'Mon espace' });
  await panel.getByRole('button', { name: 'Me connecter' }).click();
  const form = page.getByRole('dialog', { name: 'Connexion' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mot de passe').fill(password);
  await form.getByRole('button', { name: 'Connexion' }).click();
  // The panel closes once the session is open: a role that lands on the page it started from (hsa,
  // customer) would otherwise move on while its login is still on its way.
  await expect(form).toBeHidden();
}
