// After the production suite: no personal data in any log the shape's processes wrote (the two APIs, the worker, each
// nginx's access and error log: PRODUCTION_LOG_DIR), nor in the one-origin server's it is compared with.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiLogOf } from '../support/e2e-env.ts';
import { expectNoPersonalData } from '../support/no-personal-data.ts';
import { PRODUCTION_LOGS } from './shape.ts';

export default async function noPersonalDataInProductionLogs(): Promise<void> {
  const logs = readdirSync(PRODUCTION_LOGS).map((name) => join(PRODUCTION_LOGS, name));
  // Every process logged something: a log that went nowhere would pass unread.
  for (const log of ['api-1.log', 'api-2.log', 'worker.log', 'gateway-access.log', 'shell-access.log']) {
    if (!logs.includes(join(PRODUCTION_LOGS, log))) throw new Error(`No ${log} in ${PRODUCTION_LOGS}`);
  }
  await expectNoPersonalData([...logs, apiLogOf(0)]);
}
