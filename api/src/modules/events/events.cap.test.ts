import { describe, expect, test } from 'bun:test';
import { sseHub } from '../../platform/events/sse';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { MAX_STREAMS_PER_USER } from './events.routes';

/** Issue 12 point 20: live streams are capped per user; `?token=` works only on /events and media. */
const { t } = useTestApp();

describe('GET /events per-user cap', () => {
  test(`the ${MAX_STREAMS_PER_USER + 1}th concurrent stream of one user → 429; others and a freed slot are fine`, async () => {
    const { agent, admin } = await makeTenant();
    const open: Response[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const res = await t.req('GET', `/events?token=${agent.token}`);
      expect(res.status).toBe(200);
      open.push(res);
    }
    expect(sseHub().userStreamCount(agent.user.companyId, agent.user.id)).toBe(MAX_STREAMS_PER_USER);
    const over = await t.req('GET', `/events?token=${agent.token}`);
    expect(over.status).toBe(429);
    expect((await over.json()).error).toBe('ERR_TOO_MANY_REQUESTS');
    // another user of the same company is not affected
    const other = await t.req('GET', '/events', { token: admin.token });
    expect(other.status).toBe(200);
    await other.body?.cancel();
    // closing a tab frees its slot
    await open.pop()?.body?.cancel();
    for (
      let i = 0;
      i < 50 && sseHub().userStreamCount(agent.user.companyId, agent.user.id) >= MAX_STREAMS_PER_USER;
      i++
    )
      await Bun.sleep(10);
    const again = await t.req('GET', `/events?token=${agent.token}`);
    expect(again.status).toBe(200);
    open.push(again);
    for (const r of open) await r.body?.cancel();
  });
});

describe('?token= only where a browser cannot send a header', () => {
  test('any other GET route refuses a token in the URL (401); /events and /media accept it', async () => {
    const { agent } = await makeTenant();
    expect((await t.req('GET', `/users/list?token=${agent.token}`)).status).toBe(401);
    expect((await t.req('GET', `/contacts?token=${agent.token}`)).status).toBe(401);
    expect((await t.req('GET', '/users/list', { token: agent.token })).status).toBe(200);
    // media: authenticated by the query token (an unknown id is then a 404, not a 401)
    expect((await t.req('GET', `/media/unknown-id?token=${agent.token}`)).status).toBe(404);
    const stream = await t.req('GET', `/events?token=${agent.token}`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  });
});
