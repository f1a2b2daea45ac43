import { frontAppConfig } from '@hsa-lli/common/webpack';

export default frontAppConfig({
  dir: import.meta.dirname,
  name: 'mf_pdf',
  exposes: { './routes': './src/routes.tsx' },
  port: 8084,
  title: 'Documents imprimables (développement)',
});
