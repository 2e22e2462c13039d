import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** Sources that go into the client bundle: a change to any of them makes the build stale. */
const CLIENT_INPUTS = [
  'src/client',
  'src/shared',
  'engine',
  'schemas',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The built client's folder. */
export const CLIENT_DIR = 'dist/client';

/** True when dist/client is missing or older than any of its sources. */
export function clientIsStale(root = '.'): boolean {
  const index = join(root, CLIENT_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return CLIENT_INPUTS.some((p) => newestMtime(join(root, p)) > built);
}

/**
 * Builds the client with Vite when it is stale, in a process of its own: a build in the server's
 * process sets its NODE_ENV to 'production' for good, after React has loaded as development, so a
 * React renderer loaded later (the mail's, which imports react-dom/server when it first renders)
 * would not match the React already loaded.
 */
export async function ensureClientBuilt(log: (m: string) => void = console.log): Promise<void> {
  if (!clientIsStale()) return;
  log('Building the client...');
  const started = Date.now();
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  try {
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--config', 'vite.config.ts', '--logLevel', 'warn'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`The client build failed:\n${stderr || stdout || (err as Error).message}`);
  }
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
