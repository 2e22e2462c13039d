import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where `npm run ha:up` names its process, for `npm run ha:down` (one deployment per machine). */
export const STATE_FILE = join(tmpdir(), 'hawkeye-ha.json');
