// The import boundaries of the front apps, as an ESLint rule: a remote never imports the shell or another
// remote (apps share code through @hsa-lli/common only); a feature never imports another feature; shared
// code (an app's components/ and lib/, and common/) never imports a feature. The app layer (app/, layouts/,
// pages/, routes.tsx) is what puts features together. And in the API, the test data (api/src/test-data, for the benches
// and the browser journeys) is imported by nothing else: no production entry point (main.ts, worker.ts, AppModule) can
// reach it. The API's catalogue (goods/, residences/) never imports the application files (records/): what the files
// need to hear of the catalogue's changes travels as events (docs/api-convention.md, « When something changed »).
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const APPS = ['shell', 'mf-public', 'mf-account', 'mf-admin', 'mf-pdf', 'common'];
const SHARED_AREAS = ['components', 'lib'];
/** The API's folder of test data. */
const TEST_DATA = 'test-data';
/** The API's catalogue, and the domain it must not import: the files depend on the catalogue, never the reverse. */
const CATALOGUE = ['goods', 'residences'];
const RECORDS = 'records';

/** Where a file sits: its app, its area under src/ (features, components, ...) and its feature. */
function placeOf(file) {
  const [app, src, area, feature] = relative(ROOT, file).split(sep);
  const inSrc = src === 'src';
  return { app, area: inSrc ? area : undefined, feature: inSrc && area === 'features' ? feature : undefined };
}

/** Why a file may not import a module, or null when it may. */
export function boundaryProblem(file, source) {
  const from = placeOf(file);
  if (source.startsWith('@hsa-lli/')) {
    const target = source.slice('@hsa-lli/'.length).split('/')[0];
    return target !== 'common' && target !== from.app && APPS.includes(target) ? `${from.app} must not import ${target}: apps share code through @hsa-lli/common only.` : null;
  }
  if (!source.startsWith('.')) return null;
  const to = placeOf(resolve(dirname(file), source));
  if (to.app === 'api' && to.area === TEST_DATA && from.area !== TEST_DATA) {
    return 'The API must not import its test data (api/src/test-data): it is for the benches and the browser journeys, never part of what runs.';
  }
  if (to.app !== from.app) return `${from.app} must not import files of ${to.app}: apps share code through @hsa-lli/common only.`;
  if (to.app === 'api' && CATALOGUE.includes(from.area) && to.area === RECORDS) {
    return `api/src/${from.area} must not import api/src/records: the files depend on the catalogue, never the reverse (they hear of its changes through its events, ${from.area}.events.ts).`;
  }
  if (to.area !== 'features') return null;
  if (from.area === 'features' && from.feature !== to.feature) {
    return `The feature ${from.feature} must not import the feature ${to.feature}: move what both need to components/ or lib/, or to @hsa-lli/common.`;
  }
  if (from.app === 'common' || SHARED_AREAS.includes(from.area)) return `Shared code (${from.app}/src/${from.area}) must not import a feature.`;
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{problem}}' }, docs: { description: 'Import boundaries between apps, features and shared code.' } },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const problem = boundaryProblem(context.filename, source.value);
      if (problem) context.report({ node: source, messageId: 'boundary', data: { problem } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
