import { ROLES, type Role } from '@hsa-lli/common/domain';
import request from 'supertest';
import { expect } from 'vitest';
import { loggedIn, type TestApi } from './backends.js';

export type Agent = Awaited<ReturnType<typeof loggedIn>>;

/** A logged-in agent per demo role (`<role>@demo.hsa-lli.fr`). */
export async function agentsByRole(api: TestApi): Promise<Record<Role, Agent>> {
  const agents = await Promise.all(ROLES.map((role) => loggedIn(api, `${role}@demo.hsa-lli.fr`)));
  return Object.fromEntries(ROLES.map((role, index) => [role, agents[index]])) as Record<Role, Agent>;
}

/**
 * Calls a route as a visitor and as every role: a visitor gets 401, a role not in `allowed` 403, an allowed one
 * anything else (the route's own answer).
 */
export async function expectOnlyFor(api: TestApi, agents: Record<Role, Agent>, path: string, body: object, allowed: readonly Role[]): Promise<void> {
  expect((await request(api.server).post(path).send(body)).status, `visitor on ${path}`).toBe(401);
  for (const role of ROLES) {
    const status = (await agents[role].post(path).send(body)).status;
    if (allowed.includes(role)) expect([401, 403], `${role} on ${path}`).not.toContain(status);
    else expect(status, `${role} on ${path}`).toBe(403);
  }
}

/** Asks for a computation of the statistics and waits for it to end. */
export async function refreshed(agent: Agent): Promise<void> {
  const { body } = await agent.post('/api/stats/refresh').expect(202);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { job } = (await agent.get(`/api/stats/refresh/${body.job.id}`).expect(200)).body;
    if (job.state === 'completed') return;
    if (job.state === 'failed') throw new Error(`The statistics job failed: ${job.failed_reason}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The statistics job did not end');
}
