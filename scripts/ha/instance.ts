// One API instance of the deployment of scripts/ha/deployment.ts: the server as `npm start` runs
// it, with the built client when HA_CLIENT=1 and dist/client exists; the database, port and
// replicas come from the environment the deployment sets.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeOnSignals, startOrExit } from '../../src/server/main';
import { readCommandLine } from '../lib/args';
import { CLIENT_DIR } from '../lib/clientBuild';

readCommandLine('Usage: tsx scripts/ha/instance.ts  (one API instance of npm run ha:up)', {});

const clientDir =
  process.env.HA_CLIENT === '1' && existsSync(join(CLIENT_DIR, 'index.html')) ? CLIENT_DIR : undefined;
const { app, url } = await startOrExit({ clientDir, logger: { level: process.env.LOG_LEVEL || 'info' } });
closeOnSignals(app);
process.stdout.write(`API listening at ${url}\n`);
