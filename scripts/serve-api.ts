// The API alone, without the built client (used by `npm run dev`, where Vite serves the client).
import { closeOnSignals, demoLoginsText, startOrExit } from '../src/server/main';

const { app, url } = await startOrExit({ logger: { level: process.env.LOG_LEVEL || 'info' } });
closeOnSignals(app);
process.stdout.write(`API listening at ${url}\nDemo sign-ins:\n${demoLoginsText()}\n`);
