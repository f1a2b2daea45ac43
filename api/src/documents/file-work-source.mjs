// The worker threads' entry when the API runs from its TypeScript sources (its tests, under vitest): Node strips the
// types itself; these hooks only let the sources' `./x.js` imports find `./x.ts`, and the workspace's packages their
// `source` export. A built API runs dist/documents/file-work.js and never loads this file.
import { registerHooks } from 'node:module';

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
});

export default (await import('./file-work.ts')).default;
