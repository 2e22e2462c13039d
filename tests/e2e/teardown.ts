import { rmSync } from 'node:fs';
import { E2E_DATA_DIR } from './e2eEnv';

/** After the last test: the web server's data folder goes, so runs leave nothing in the temporary folder. */
export default function teardown(): void {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
