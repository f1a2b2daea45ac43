import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loggedIn, type TestApi } from './backends.js';

const ROLES = ['admin', 'hsa', 'coordinator', 'comitee', 'member', 'customer'] as const;

describe.each(BACKENDS)('own account on $name', (backend) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await backend.start();
  });

  afterAll(async () => {
    await api?.stop();
  });

  it.each(ROLES)('gives a %s their own e-mail and name', async (role) => {
    const agent = await loggedIn(api, `${role}@demo.hsa-lli.fr`);
    const response = await agent.post('/api/users/get-me').expect(200);
    expect(response.body).toEqual({
      user: { id: expect.any(Number), email: `${role}@demo.hsa-lli.fr`, first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect((await agent.post('/api/auth/get-roles').expect(200)).body.user_id).toBe(response.body.user.id);
  });

  it('answers 401 to a visitor', async () => {
    const response = await request(api.server).post('/api/users/get-me').expect(401);
    expect(response.body.user).toBeUndefined();
  });
});
