// `npm run ha:up [-- --apis 2 --replicas 2 --scale demo --no-client]`: the deployment of
// docs/operations.md on this machine (a PostgreSQL primary and streaming replicas, API instances,
// HAProxy in front), everything on free ports in a temporary folder. It runs until Ctrl-C, SIGTERM
// or `npm run ha:down`, then stops everything it started.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { isScaleName, SCALE_NAMES } from '../../src/server/seed/scales';
import { readCommandLine, usage } from '../lib/args';
import { ensureClientBuilt } from '../lib/clientBuild';
import { startDeployment } from './deployment';
import { STATE_FILE } from './stateFile';

const { values: options } = readCommandLine(
  'Usage: npm run ha:up -- [--apis 2] [--replicas 2] [--scale small|demo|large|xlarge] [--no-client]',
  {
    options: {
      apis: { type: 'string' },
      replicas: { type: 'string' },
      scale: { type: 'string' },
      'no-client': { type: 'boolean' },
    },
  },
);
const count = (name: 'apis' | 'replicas', fallback: number, min: number) => {
  const n = Number(options[name] ?? fallback);
  if (!Number.isInteger(n) || n < min) usage(`--${name} must be a whole number of at least ${min}`);
  return n;
};
const apis = count('apis', 2, 1);
const replicas = count('replicas', 2, 0);
const scale = String(options.scale ?? 'demo');
if (!isScaleName(scale)) usage(`--scale must be ${SCALE_NAMES}, got '${scale}'`);
const client = !options['no-client'];

if (existsSync(STATE_FILE)) {
  const { pid } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid: number };
  let alive = true;
  try {
    process.kill(pid, 0);
  } catch {
    alive = false;
  }
  if (alive) usage(`A deployment is already running (process ${pid}): stop it with npm run ha:down`);
}

if (client) await ensureClientBuilt();
const started = Date.now();
const d = await startDeployment({
  apis,
  replicas,
  scale,
  client,
  // HAProxy checks /readyz twice a second per instance: at 'info' the logs would be mostly that.
  env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
  log: (line) => process.stdout.write(`${line}\n`),
});
writeFileSync(STATE_FILE, JSON.stringify({ pid: process.pid, url: d.url, dir: d.dir }));

let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${why}: stopping HAProxy, the API instances and PostgreSQL...\n`);
  await d.stop();
  rmSync(STATE_FILE, { force: true });
  process.stdout.write('Stopped.\n');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const importEnv = ['DATABASE_URL', 'DATABASE_REPLICA_URLS'].map((k) => `${k}='${d.env[k]}'`).join(' ');
process.stdout.write(`
HawkEye is running behind HAProxy at ${d.url}  (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)
  sign in as admin / ${DEMO_PASSWORD}${client ? '' : ' (API only: --no-client)'}
  HAProxy statistics: ${d.statsUrl}
  API instances:      ${d.apis.map((a) => `${a.name} ${a.url} (log ${a.logFile})`).join('\n                      ')}
  PostgreSQL primary: ${d.primary.url}
  replicas:           ${d.replicas.map((r) => r.url).join('\n                      ') || 'none'}
  import or seed:     ${importEnv} npm run db:import -- <kind> <file>
Stop with Ctrl-C or npm run ha:down.
`);
