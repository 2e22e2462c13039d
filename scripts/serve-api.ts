// The API alone, without the built client (used by `npm run dev`, where Vite serves the client).
import { closeOnSignals, demoLoginsText, startOrExit } from '../src/server/main';
import { readCommandLine } from './lib/args';

readCommandLine('Usage: tsx scripts/serve-api.ts  (the API alone; npm run dev starts it)', {});

const { app, url } = await startOrExit({ logger: { level: process.env.LOG_LEVEL || 'info' } });
closeOnSignals(app);
process.stdout.write(`API listening at ${url}\nDemo sign-ins:\n${demoLoginsText()}\n`);
