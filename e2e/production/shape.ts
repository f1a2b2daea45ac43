import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The production shape the suite drives (scripts/production-shape.mjs): its gateway, its control server (to stop, kill
 * and start its processes), and the one-origin server it is compared with.
 */
const BASE = Number(process.env.PRODUCTION_PORT ?? 4600);

export const PRODUCTION = {
  base: BASE,
  origin: `http://127.0.0.1:${BASE}`,
  control: `http://127.0.0.1:${BASE + 90}`,
  smtpPort: BASE + 5,
};

/** Where the shape's processes write their logs (PRODUCTION_LOG_DIR), read after the suite for personal data. */
export const PRODUCTION_LOGS = join(tmpdir(), 'hsa-lli-production-logs');

/** The one-origin server (`npm start`'s shape, support/serve.ts) the gateway must answer as. */
export const ONE_ORIGIN = { port: BASE + 80, smtpPort: BASE + 81 };

export type ServiceName = 'mariadb' | 'redis' | 'api-1' | 'api-2' | 'worker' | 'shell' | 'mf-public' | 'mf-account' | 'mf-admin' | 'mf-pdf' | 'gateway';

/** Starts, stops (SIGTERM), kills (SIGKILL) or restarts one process of the shape, and waits until it is done. */
export async function service(name: ServiceName, action: 'start' | 'stop' | 'kill' | 'restart'): Promise<void> {
  const response = await fetch(`${PRODUCTION.control}/${name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${name} ${action}: ${response.status} ${await response.text()}`);
}

export interface ShapeStatus {
  origin: string;
  dataDir: string;
  /** Each front app's deployed files, by app: what its static server serves. */
  staticDir: string;
  remotesFile: string;
  running: Record<ServiceName, boolean>;
  pids: Record<ServiceName, number | null>;
}

export async function shapeStatus(): Promise<ShapeStatus> {
  return (await fetch(`${PRODUCTION.control}/status`)).json() as Promise<ShapeStatus>;
}
