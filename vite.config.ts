import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT || 8081);
const apiTarget = `http://localhost:${apiPort}`;

// The client lives in src/client and builds to dist/client, which the Fastify server serves.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION || ''),
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.PORT || 5173),
    proxy: {
      '/api': apiTarget,
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
