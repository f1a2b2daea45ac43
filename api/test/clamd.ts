import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pingClamav } from '../src/vault/clamav.js';

/**
 * The EICAR test file, which every antivirus reports and which harms nothing; assembled here so that this source
 * file is not itself reported by a scanner.
 */
export const EICAR = Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''), 'latin1');

export interface Clamd {
  url: string;
  stop(): Promise<void>;
}

/** clamd from PATH, or where Debian's clamav-daemon puts it; null when absent. */
export function findClamd(): string | null {
  const candidates = [...(process.env.PATH ?? '').split(delimiter).map((folder) => join(folder, 'clamd')), '/usr/sbin/clamd'];
  return candidates.find((path) => existsSync(path)) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a clamd of its own on a free port, in the foreground, with a signature database of one signature made here
 * (EICAR: the official databases cannot be downloaded on these machines), and waits until it answers PING.
 */
export async function startClamd(binary: string): Promise<Clamd> {
  const folder = mkdtempSync(join(tmpdir(), 'hsa-clamd-'));
  const database = join(folder, 'db');
  mkdirSync(database);
  writeFileSync(join(database, 'eicar.ndb'), `Eicar-Test-Signature:0:*:${EICAR.toString('hex')}\n`);
  const port = await freePort();
  const config = join(folder, 'clamd.conf');
  writeFileSync(
    config,
    [
      'Foreground yes',
      `DatabaseDirectory ${database}`,
      `TemporaryDirectory ${folder}`,
      `LogFile ${join(folder, 'clamd.log')}`,
      `PidFile ${join(folder, 'clamd.pid')}`,
      'TCPAddr 127.0.0.1',
      `TCPSocket ${port}`,
      'StreamMaxLength 25M',
      '',
    ].join('\n'),
  );
  const url = `tcp://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(binary, ['--config-file', config], { stdio: 'ignore' });
  let exit: string | null = null;
  child.on('exit', (code, signal) => (exit = `clamd stopped (${signal ?? `code ${code}`})`));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await pingClamav(url, { timeoutMs: 1000 }))) {
    if (exit !== null || Date.now() - started > 60_000) {
      const log = existsSync(join(folder, 'clamd.log')) ? readFileSync(join(folder, 'clamd.log'), 'utf8') : '';
      await stop();
      throw new Error(`${exit ?? 'clamd did not answer PING within 60 s'}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}
