import { Logger } from '@nestjs/common';
import { startInbox, type SmtpInbox } from '@hsa-lli/common/testing';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisClient } from '../src/redis/redis.module.js';
import { BACKENDS, DEMO_PASSWORD, EMBEDDED_BACKEND, type TestApi } from './backends.js';

/** Every value Redis keeps under a prefix, whatever the kind of its key (job hashes, lists, sorted sets, event streams). */
async function valuesUnder(redis: Redis, prefix: string): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const key of await redis.keys(`${prefix}:*`)) {
    const type = await redis.type(key);
    const content =
      type === 'hash'
        ? await redis.hgetall(key)
        : type === 'string'
          ? await redis.get(key)
          : type === 'list'
            ? await redis.lrange(key, 0, -1)
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'zset'
                ? await redis.zrange(key, '0', '-1')
                : type === 'stream'
                  ? await redis.xrange(key, '-', '+')
                  : null;
    values.set(key, JSON.stringify(content));
  }
  return values;
}

describe.each(BACKENDS)('e-mails in the queue, on $name', (backend) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let redis: Redis | undefined;

  beforeAll(async () => {
    inbox = await startInbox();
    api = await backend.start({ smtpUrl: inbox.url, publicUrl: 'http://hsa.test' });
    if (api.config.redisUrl) redis = createRedisClient(api.config.redisUrl);
  });

  afterAll(async () => {
    await redis?.quit();
    await api?.stop();
    await inbox?.stop();
  });

  it.runIf(backend.server)('leave no link in Redis once sent', async () => {
    const email = 'hsa@demo.hsa-lli.fr';
    await request(api.server).post('/api/auth/forgot-password').set('X-Forwarded-For', '203.0.113.90').send({ email }).expect(200);
    const mail = await inbox.waitFor((message) => message.to.includes(email) && message.subject === 'Réinitialisation de votre mot de passe');
    const token = mail.links.find((url) => url.includes('/nouveau-mot-de-passe/'))!.split('/').at(-1)!;
    expect(token.length).toBeGreaterThan(20);
    // The job ends a moment after the server took the e-mail.
    const holding = async () => [...(await valuesUnder(redis!, api.config.queuePrefix))].filter(([, value]) => value.includes(token)).map(([key]) => key);
    const deadline = Date.now() + 5000;
    while ((await holding()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await holding()).toEqual([]);
    // The queue itself is there: this is no empty prefix.
    expect([...(await valuesUnder(redis!, api.config.queuePrefix)).keys()].some((key) => key.includes(':mail:'))).toBe(true);
  });

  it.runIf(backend.server)('leave no link in Redis when the mail server cannot be reached', async () => {
    // Nothing listens on port 1: each e-mail fails at once, and BullMQ does not try it again.
    const unreachable = await backend.start({ smtpUrl: 'smtp://127.0.0.1:1', publicUrl: 'http://hsa.test' });
    try {
      const admin = request.agent(unreachable.server);
      await admin.post('/api/auth/login').send({ email: 'admin@demo.hsa-lli.fr', password: DEMO_PASSWORD }).expect(200);
      // The invitation is queued before the answer: its link is in Redis until its job fails.
      await admin.post('/api/users/create').send({ email: 'injoignable@example.org', first_name: 'Ane', last_name: 'Lasa', role: 'customer' }).expect(201);
      const holding = async () => [...(await valuesUnder(redis!, unreachable.config.queuePrefix))].filter(([, value]) => value.includes('/creation-de-compte/')).map(([key]) => key);
      const deadline = Date.now() + 5000;
      while ((await holding()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await holding()).toEqual([]);
    } finally {
      await unreachable.stop();
    }
  });
});

describe.runIf(EMBEDDED_BACKEND)('an e-mail the server refuses', () => {
  let api: TestApi;
  let server: SMTPServer;

  beforeAll(async () => {
    // A mail server that refuses every recipient, naming the address as real servers do.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    api = await EMBEDDED_BACKEND!.start({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'http://hsa.test', logLevels: ['error', 'warn', 'log'] });
  });

  afterAll(async () => {
    await api?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is said in the log without the address it was for', async () => {
    const lines: string[] = [];
    for (const level of ['error', 'warn', 'log'] as const) {
      vi.spyOn(Logger.prototype, level).mockImplementation((...message: unknown[]) => void lines.push(message.join(' ')));
    }
    try {
      const email = 'hsa@demo.hsa-lli.fr';
      await request(api.server).post('/api/auth/forgot-password').set('X-Forwarded-For', '203.0.113.91').send({ email }).expect(200);
      const deadline = Date.now() + 10_000;
      while (!lines.some((line) => line.includes('could not be sent')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.find((line) => line.includes('could not be sent'))).toContain('Réinitialisation de votre mot de passe');
      expect(lines.filter((line) => line.includes(email))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
