import { frontAppConfig } from '@hsa-lli/common/webpack';

export default frontAppConfig({
  dir: import.meta.dirname,
  name: 'mf_account',
  exposes: { './routes': './src/routes.tsx' },
  port: 8082,
  title: 'Espace client (développement)',
});
