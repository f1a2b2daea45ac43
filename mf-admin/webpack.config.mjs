import { frontAppConfig } from '@hsa-lli/common/webpack';

export default frontAppConfig({
  dir: import.meta.dirname,
  name: 'mf_admin',
  exposes: { './routes': './src/routes.tsx' },
  port: 8083,
  title: 'Back office (développement)',
});
