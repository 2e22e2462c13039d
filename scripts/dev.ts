// `npm run dev`: the API in watch mode on API_PORT (default 8081) and Vite's dev server with hot
// reload on PORT (default 5173), which proxies API calls to it.
import { spawn } from 'node:child_process';
import { readCommandLine } from './lib/args';
import { serverThreadPoolSize } from './lib/threadPool.cjs';

readCommandLine('Usage: npm run dev  (ports from API_PORT and PORT)', {});

const apiPort = process.env.API_PORT || '8081';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/serve-api.ts'], {
    stdio: 'inherit',
    // In its environment: tsx loads the API as ES modules, which sizes the pool before any of its
    // code runs (scripts/lib/threadPool.cjs).
    env: { ...process.env, PORT: apiPort, UV_THREADPOOL_SIZE: serverThreadPoolSize() },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
