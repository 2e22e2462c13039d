import { spawn } from 'node:child_process';

/**
 * Runs `scripts/<script>` as npm would (tsx) with the store `env` names (DATA_DIR or DATABASE_URL);
 * resolves its exit code and its stdout and stderr together.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.stderr.on('data', (d) => {
      out += d;
    });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, out }));
  });
}
