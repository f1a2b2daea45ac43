import { frontAppConfig } from '@hsa-lli/common/webpack';

// The shell answers every page path, so its own files are addressed from the root.
export default frontAppConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: 8080,
  title: 'HSA — Logement locatif intermédiaire',
  publicPath: '/',
});
