import { renderStandalone } from '@hsa-lli/common/ui';
import routes from './routes.js';

renderStandalone(routes);
