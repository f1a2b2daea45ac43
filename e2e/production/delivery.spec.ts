import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/e2e-env.ts';
import { emailOf, expect, loginAs, test } from '../support/fixtures.ts';
import { shapeStatus } from './shape.ts';

const CHANGED = 'Tableau de bord — nouvelle version';

/**
 * A new build of the back office with a visible change, made as its team would: its sources with the dashboard's title
 * changed, built by its own webpack configuration into a folder of its own (the work tree is left as it is).
 */
function newAdminBuild(): string {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-mf-admin-next-'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(folder, 'node_modules'));
  const app = join(folder, 'mf-admin');
  mkdirSync(app);
  for (const entry of ['package.json', 'webpack.config.mjs', 'src']) cpSync(join(REPO_ROOT, 'mf-admin', entry), join(app, entry), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'mf-admin', 'node_modules'), join(app, 'node_modules'));
  const page = join(app, 'src', 'features', 'dashboard', 'dashboard-page.tsx');
  writeFileSync(page, readFileSync(page, 'utf8').replace('<h1>Tableau de bord</h1>', `<h1>${CHANGED}</h1>`));
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: app, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The new build failed: ${build.stderr || build.stdout}`);
  return join(app, 'dist');
}

test('a new build of one remote is deployed by its files and its remotes.json entry alone, and rolled back the same way', async ({ page }) => {
  test.setTimeout(180_000);
  const before = await shapeStatus();
  const remotes = readFileSync(before.remotesFile, 'utf8');
  const entries = JSON.parse(remotes) as { name: string; entry: string }[];
  const point = (entry: string) => writeFileSync(before.remotesFile, JSON.stringify(entries.map((remote) => (remote.name === 'mf_admin' ? { ...remote, entry } : remote)), null, 2));
  /** The front end's version, as the API reads it from the deployment. */
  const served = async () => ((await (await page.request.post('/api/get-js-version', { data: {} })).json()) as { version: string }).version;
  const built = newAdminBuild();
  try {
    await loginAs(page, emailOf('admin'));
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('jsversion@status'))).toBe('up-to-date');

    const first = await served();
    // Deployed beside the running release, in its server's folder; remotes.json names it.
    cpSync(built, join(before.staticDir, 'mf-admin', 'releases', 'next'), { recursive: true });
    point('/remotes/admin/releases/next/mf-manifest.json');
    const banner = page.getByRole('alert').filter({ hasText: 'Nouvelle version disponible' });
    // The open page learns of it at a change of page, once the API has read the deployment again (every 2 s at most).
    const browseUntilTold = async (previous: string) => {
      await expect.poll(served, { timeout: 10_000 }).not.toBe(previous);
      // Each API process reads it on its own, every 2 s at most: past that, both say the same.
      await page.waitForTimeout(2_500);
      await expect(async () => {
        for (const link of ['Dossiers', 'Accueil']) await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: link, exact: true }).click();
        await expect(banner).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    };
    await browseUntilTold(first);
    await banner.getByRole('button', { name: 'Recharger' }).click();
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CHANGED);
    await expect(banner).toHaveCount(0);

    // Rolled back: remotes.json names the earlier release again.
    const next = await served();
    point('/remotes/admin/mf-manifest.json');
    await browseUntilTold(next);
    await banner.getByRole('button', { name: 'Recharger' }).click();
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

    // Nothing else was rebuilt or restarted: every process is the one that was running, every other app's files the same.
    const after = await shapeStatus();
    expect(after.pids).toEqual(before.pids);
    for (const app of ['shell', 'mf-public', 'mf-account', 'mf-pdf']) {
      expect(readFileSync(join(after.staticDir, app, app === 'shell' ? 'index.html' : 'mf-manifest.json'), 'utf8')).toBe(readFileSync(join(REPO_ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json'), 'utf8'));
    }
  } finally {
    writeFileSync(before.remotesFile, remotes);
    rmSync(join(built, '..', '..'), { recursive: true, force: true });
  }
});
