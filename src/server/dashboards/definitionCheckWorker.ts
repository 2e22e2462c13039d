// The editor's definition checks on a thread of their own (definitionChecks.ts starts it): a job is
// a checkEditedDefinition input, answered with its output, or with the error it threw.
import { parentPort } from 'node:worker_threads';
import { checkEditedDefinition, type EditCheckInput } from './definitionCheck';

const port = parentPort;
if (!port) throw new Error('definitionCheckWorker.ts runs as a worker thread (definitionChecks.ts)');
port.on('message', (input: EditCheckInput) => {
  try {
    port.postMessage({ ok: true, output: checkEditedDefinition(input) });
  } catch (err) {
    port.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
