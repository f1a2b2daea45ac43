import { describe, expect, it } from 'vitest';
import { cacheControlFor, defaultRemotes } from './front-apps.js';

describe('front apps', () => {
  it('revalidates the files that name a deployment and keeps hashed chunks for good', () => {
    for (const file of ['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']) {
      expect(cacheControlFor(`/srv/app/${file}`)).toBe('no-cache');
    }
    expect(cacheControlFor('/srv/app/main.3f9a1c2b7d4e5f60718a.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/app/robots.txt')).toBe('public, max-age=3600');
  });

  it('points each remote at its manifest on the same origin by default', () => {
    expect(defaultRemotes()).toEqual([
      { name: 'mf_public', entry: '/remotes/public/mf-manifest.json' },
      { name: 'mf_account', entry: '/remotes/account/mf-manifest.json' },
      { name: 'mf_admin', entry: '/remotes/admin/mf-manifest.json' },
      { name: 'mf_pdf', entry: '/remotes/pdf/mf-manifest.json' },
    ]);
  });
});
