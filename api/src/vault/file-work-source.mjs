// The worker threads' entry when the API runs from its TypeScript sources (its tests, under vitest): Node turns the
// sources into JavaScript itself (`stripTypeScriptTypes`, transform mode: types gone, parameter properties and enums
// written out); these hooks also let the sources' `./x.js` imports find `./x.ts`, and the workspace's packages their
// `source` export. A built API runs dist/vault/file-work.js and never loads this file.
import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const conditions = specifier.startsWith('@hsa-lli/') ? [...context.conditions, 'source'] : context.conditions;
    try {
      return nextResolve(specifier, { ...context, conditions });
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/^\.\.?\//.test(specifier) || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, { ...context, conditions });
    }
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const source = stripTypeScriptTypes(readFileSync(fileURLToPath(url), 'utf8'), { mode: 'transform' });
    return { format: 'module', source, shortCircuit: true };
  },
});

export default (await import('./file-work.ts')).default;
