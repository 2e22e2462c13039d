import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

/** Builds the client with Vite when it is stale. */
export async function ensureClientBuilt(log: (m: string) => void = console.log): Promise<void> {
  if (!clientIsStale()) return;
  log('Building the client...');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
