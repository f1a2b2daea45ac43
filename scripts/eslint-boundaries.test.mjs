import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from './eslint-boundaries.mjs';

const ROOT = join(import.meta.dirname, '..');
const file = (path) => join(ROOT, path);

describe('import boundaries', () => {
  it('keep a remote from importing the shell or another remote', () => {
    expect(boundaryProblem(file('mf-admin/src/routes.tsx'), '../../shell/src/app/guard.js')).toMatch(/mf-admin must not import files of shell/);
    expect(boundaryProblem(file('mf-admin/src/features/dashboard/dashboard-page.tsx'), '../../../../mf-public/src/components/residence-card.js')).toMatch(/must not import files of mf-public/);
    expect(boundaryProblem(file('mf-pdf/src/routes.tsx'), '@hsa-lli/shell')).toMatch(/mf-pdf must not import shell/);
    expect(boundaryProblem(file('mf-pdf/src/routes.tsx'), '@hsa-lli/common/domain')).toBeNull();
  });

  it('keep a feature from importing another feature, but not from its own files or shared ones', () => {
    expect(boundaryProblem(file('mf-public/src/features/contact/contact-page.tsx'), '../eligibility/eligibility-page.js')).toMatch(/The feature contact must not import the feature eligibility/);
    expect(boundaryProblem(file('mf-public/src/features/residences/residences-page.tsx'), './residence-filters.js')).toBeNull();
    expect(boundaryProblem(file('mf-public/src/features/home/home-page.tsx'), '../../components/residence-card.js')).toBeNull();
  });

  it('keep shared code from importing features; the app layer puts them together', () => {
    expect(boundaryProblem(file('shell/src/components/header.tsx'), '../features/account/side-panel.js')).toMatch(/Shared code \(shell\/src\/components\)/);
    expect(boundaryProblem(file('mf-public/src/lib/meta.ts'), '../features/goods/good-page.js')).toMatch(/Shared code/);
    expect(boundaryProblem(file('common/src/ui/form.tsx'), '../../../shell/src/features/auth/auth-pages.js')).toMatch(/common must not import files of shell/);
    expect(boundaryProblem(file('shell/src/layouts/header.tsx'), '../features/account/side-panel.js')).toBeNull();
    expect(boundaryProblem(file('mf-public/src/routes.tsx'), './features/home/home-page.js')).toBeNull();
  });

  it('keep the API’s test data out of the API: only its own files import it', () => {
    expect(boundaryProblem(file('api/src/main.ts'), './test-data/index.js')).toMatch(/The API must not import its test data/);
    expect(boundaryProblem(file('api/src/app.module.ts'), './test-data/test-data.js')).toMatch(/The API must not import its test data/);
    expect(boundaryProblem(file('api/src/seed/seed.ts'), '../test-data/entities.js')).toMatch(/The API must not import its test data/);
    expect(boundaryProblem(file('api/src/test-data/index.ts'), './test-data.js')).toBeNull();
    expect(boundaryProblem(file('api/src/test-data/test-data.ts'), '../database/data-source.js')).toBeNull();
  });

  it('keep the API’s catalogue from importing the application files, which listen to its events instead', () => {
    expect(boundaryProblem(file('api/src/goods/goods.service.ts'), '../records/records-list-columns.service.js')).toMatch(/api\/src\/goods must not import api\/src\/records/);
    expect(boundaryProblem(file('api/src/residences/residences.module.ts'), '../records/records.module.js')).toMatch(/api\/src\/residences must not import api\/src\/records/);
    expect(boundaryProblem(file('api/src/records/records-list.listener.ts'), '../goods/goods.events.js')).toBeNull();
    expect(boundaryProblem(file('api/src/goods/goods.service.ts'), '../residences/residences.service.js')).toBeNull();
  });

  it('are checked by the ESLint configuration of the project', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText("import { EligibilityPage } from '../eligibility/eligibility-page.js';\nexport { EligibilityPage };\n", {
      filePath: file('mf-public/src/features/contact/contact-page.tsx'),
    });
    expect(result.messages.map((message) => message.ruleId)).toContain('hsa/boundaries');
    const [api] = await eslint.lintText("import { openTestData } from './test-data/index.js';\nexport { openTestData };\n", { filePath: file('api/src/worker.ts') });
    expect(api.messages.map((message) => message.ruleId)).toContain('hsa/boundaries');
  });
});
