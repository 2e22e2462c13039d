import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Charts reach vega-embed as Vega specs compiled from Vega-Lite (engine/widgets/chart/vegaSpec.ts,
 * which loads the compiler itself when a spec is not compiled yet). vega-embed imports the Vega-Lite
 * compiler for specs it would compile; give it an empty module instead, so the compiler (about a
 * third of the charting code) is not loaded and parsed with Vega on every page.
 */
function vegaEmbedWithoutVegaLite(): Plugin {
  const stub = '\0vega-lite-unused';
  return {
    name: 'vega-embed-without-vega-lite',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'vega-lite' && importer && /[\\/]vega-embed[\\/]/.test(importer)) return stub;
      return null;
    },
    load(id) {
      return id === stub ? 'export {};' : null;
    },
  };
}

/**
 * Each script and stylesheet of the build also written compressed, as `.br` and `.gz`, which the
 * server sends as they are (@fastify/static's `preCompressed`): a page load no longer costs the
 * server about 1.5 MB compressed on the fly, and the files are a seventh smaller than at the
 * on-the-fly quality (4). Brotli quality 10, not 11: 1.7 CPU-seconds a build instead of 4.0, for
 * files 2 % larger (718 kB against 705, every bundle).
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const brotli = promisify(brotliCompress);
      const gzipped = promisify(gzip);
      const files = Object.values(bundle).filter((f) => /\.(js|css|svg|json)$/.test(f.fileName));
      await Promise.all(
        files.map(async (f) => {
          const body = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          if (body.length < 1024) return;
          const path = join(outDir, f.fileName);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 10,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipped(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

const apiPort = Number(process.env.API_PORT || 8081);
const apiTarget = `http://localhost:${apiPort}`;

const CLIENT_ROOT = fileURLToPath(new URL('./src/client/', import.meta.url));

/**
 * The dev server's own file for a request, when there is one: the client's modules in src/client/api
 * are served at /api/…, beside the API's paths. Such a request stays with Vite (its URL is returned);
 * any other is proxied to the API.
 */
function clientFile(req: IncomingMessage): string | undefined {
  const url = req.url ?? '';
  try {
    const file = join(CLIENT_ROOT, decodeURIComponent(url.split('?')[0]));
    return file.startsWith(CLIENT_ROOT) && statSync(file).isFile() ? url : undefined;
  } catch {
    return undefined;
  }
}

// The client lives in src/client and builds to dist/client, which the Fastify server serves.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), vegaEmbedWithoutVegaLite(), precompressAssets()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION || ''),
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for debugging a build, but not linked from the bundles; the server never serves them.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file beside the entry: the browser fetches at
          // most six files at once from one host over HTTP/1.1, and the app's first eight (shared
          // chunks cut by the lazy routes) waited for each other.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT || 5173),
    proxy: {
      '/api': { target: apiTarget, bypass: clientFile },
      '/token': apiTarget,
      '/claims': apiTarget,
      '/logout': apiTarget,
      '/forgotpassword': apiTarget,
      '/reset-password': { target: apiTarget, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/post-feedback': apiTarget,
      '/post-support': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
