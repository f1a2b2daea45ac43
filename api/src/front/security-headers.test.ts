import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.js';
import { BASELINE_HEADERS, HSTS, contentSecurityPolicy, loaderSource } from './security-headers.js';

/** The `add_header Name "value" always;` lines of an nginx file. */
function nginxHeaders(file: string): Record<string, string> {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  return Object.fromEntries([...text.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map(([, name, value]) => [name!, value!]));
}

describe('security headers', () => {
  it('are the same from nginx as from the one-origin server, the loader hash included', () => {
    const loader = loaderSource(readFileSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8'));
    expect(nginxHeaders('deploy/nginx/security-headers.conf')).toEqual({
      ...BASELINE_HEADERS,
      'Strict-Transport-Security': HSTS,
      'Content-Security-Policy': contentSecurityPolicy(loader, { remotes: [], analytics: null }),
    });
  });

  it('allow no inline script but the loader, no eval, no plugin, no other base and no framing by other sites', () => {
    const policy = contentSecurityPolicy("'sha256-abc'", { remotes: ['https://cdn.example'], analytics: 'https://stats.example' });
    const directives = Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", "'sha256-abc'", 'https://cdn.example', 'https://stats.example']);
    expect(policy).not.toContain('unsafe-eval');
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
  });
});
