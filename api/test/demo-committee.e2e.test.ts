import type { CommitteeSessionView, SessionRow } from '@hsa-lli/common/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Offer } from '../src/committee/entities/offer.entity.js';
import { agentsByRole } from './back-office.js';
import { BACKENDS, type TestApi } from './backends.js';

describe.each(BACKENDS)('the committee of the demo, on $name', (backend) => {
  let api: TestApi;
  let agents: Awaited<ReturnType<typeof agentsByRole>>;

  beforeAll(async () => {
    api = await backend.start({ demoHistory: true });
    agents = await agentsByRole(api);
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('shows comitee@ and member@ an open session, the next one first, then a closed one with its minutes', async () => {
    for (const agent of [agents.comitee, agents.member]) {
      const rows = (await agent.post('/api/committee/sessions/list').send({}).expect(200)).body.data as SessionRow[];
      expect(rows.map((row) => row.state)).toEqual(['open', 'closed']);
      expect(rows[0]!.candidates).toBeGreaterThanOrEqual(1);
    }
    const [open, closed] = (await agents.comitee.post('/api/committee/sessions/list').send({}).expect(200)).body.data as SessionRow[];
    const session = (await agents.member.post('/api/committee/sessions/get-one').send({ id: open!.id }).expect(200)).body.session as CommitteeSessionView;
    expect(session).toMatchObject({ voting: true, can: { recommend: true, close: false } });
    expect(session.goods[0]!.candidates.every((candidate) => candidate.name === null && candidate.stage === 'committee')).toBe(true);
    const minutes = (await agents.comitee.post(`/api/committee/sessions/${closed!.id}/PDF/minutes`).expect(200)).body.session as CommitteeSessionView;
    expect(minutes.goods[0]!.decision?.outcome).toMatch(/^allocated/);
    expect(minutes.goods[0]!.candidates[0]).toMatchObject({ rank: 1, stage: 'allocated' });
    const offers = await api.dataSource.getRepository(Offer).find({ relations: { record: true } });
    expect(offers.map((offer) => offer.state)).toEqual(['pending']);
    expect(offers[0]!.deadline.getTime()).toBeGreaterThan(Date.now());
  });
});
