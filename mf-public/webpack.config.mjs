import { frontAppConfig } from '@hsa-lli/common/webpack';

export default frontAppConfig({
  dir: import.meta.dirname,
  name: 'mf_public',
  exposes: { './routes': './src/routes.tsx' },
  port: 8081,
  title: 'Site public (développement)',
});
