import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = pathToFileURL(join(import.meta.dirname, 'node-runtime.mjs')).href;

/** Runs `code` in a new Node process, with `supervise`, `reportEnd`, `spawn` and `spawnSync` in scope. */
function runScript(code, { onStdout } = {}) {
  const script = `import { reportEnd, supervise } from ${JSON.stringify(MODULE)};
    import { spawn, spawnSync } from 'node:child_process';
    const node = process.execPath;
    ${code}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    onStdout?.(stdout, child);
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (status, signal) => resolve({ status, signal, stdout, stderr })));
}

describe('a supervised child, as npm start runs the API', () => {
  for (const [signal, status] of [['SIGSEGV', 139], ['SIGKILL', 137]]) {
    it(`killed by ${signal}: exits with ${status} and says so`, async () => {
      const end = await runScript(`supervise(spawn(node, ['-e', 'process.kill(process.pid, "${signal}")']), 'The API stopped');`);
      expect(end).toMatchObject({ status, signal: null, stderr: `The API stopped: killed by ${signal}.\n` });
    });
  }

  it('exiting with an error status: exits with it and says so', async () => {
    const end = await runScript(`supervise(spawn(node, ['-e', 'process.exit(3)']), 'The API stopped');`);
    expect(end).toMatchObject({ status: 3, stderr: 'The API stopped: exit status 3.\n' });
  });

  it('exiting with an error status after saying why: exits with it and adds nothing', async () => {
    const end = await runScript(`supervise(spawn(node, ['-e', 'process.exit(3)']), 'The build stopped', { saysWhy: true });`);
    expect(end).toMatchObject({ status: 3, stderr: '' });
  });

  for (const [how, onTerm] of [['killed by it', ''], ['exiting with 143', 'process.on("SIGTERM", () => process.exit(143));']]) {
    it(`stopped on request (SIGTERM passed on), ${how}: exits with 0 and says nothing`, async () => {
      const end = await runScript(
        `supervise(spawn(node, ['-e', '${onTerm} console.log("ready"); setInterval(() => {}, 1000)'], { stdio: 'inherit' }), 'The API stopped');`,
        { onStdout: (stdout, supervisor) => stdout.includes('ready') && supervisor.kill('SIGTERM') },
      );
      expect(end).toMatchObject({ status: 0, signal: null, stderr: '' });
    });
  }
});

describe('a command run to its end, as npm test runs each step', () => {
  it('that cannot start: says why and gives a non-zero status', async () => {
    const end = await runScript(`process.exit(reportEnd('Lint stopped', spawnSync('hsa-no-such-command'), { saysWhy: true }));`);
    expect(end).toMatchObject({ status: 1, stderr: 'Lint stopped: spawnSync hsa-no-such-command ENOENT.\n' });
  });

  it('that succeeds: says nothing and gives 0', async () => {
    const end = await runScript(`process.exit(reportEnd('Lint stopped', spawnSync(node, ['-e', ''])));`);
    expect(end).toMatchObject({ status: 0, stderr: '' });
  });
});
