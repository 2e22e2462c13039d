// `npm run ha:down`: stops the deployment `npm run ha:up` started (it stops everything it started
// on SIGTERM) and waits until it has.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { readCommandLine } from '../lib/args';
import { STATE_FILE } from './stateFile';

readCommandLine('Usage: npm run ha:down', {});

if (!existsSync(STATE_FILE)) {
  process.stdout.write('No deployment is running.\n');
  process.exit(0);
}
const { pid, url } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid: number; url: string };
const alive = () => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
if (!alive()) {
  rmSync(STATE_FILE, { force: true });
  process.stdout.write(`The deployment at ${url} had already stopped.\n`);
  process.exit(0);
}
process.kill(pid, 'SIGTERM');
const deadline = Date.now() + 60_000;
while (alive()) {
  if (Date.now() > deadline) {
    process.stderr.write(`Process ${pid} did not stop within 60 s; stop it with kill -9 ${pid}\n`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
process.stdout.write(`Stopped the deployment at ${url}.\n`);
