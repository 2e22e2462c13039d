// The worker thread of definitionChecks.ts when the server runs from its TypeScript sources (tests,
// `npm run dev`): definitionCheckWorker.ts loaded through tsx. A server bundle starts the worker's
// own bundle instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./definitionCheckWorker.ts', import.meta.url);
