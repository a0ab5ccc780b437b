import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileGraphqlDocuments } from './scripts/build/precompile-graphql.js';
import { precompressAssets } from './scripts/build/precompress.js';

/**
 * Two builds: the browser bundle (dist/client, with a manifest the server reads to link
 * each page's chunks and styles) and the server (dist/server: main + the React renderer,
 * dependencies left to node_modules).
 */
// The build-time GraphQL and precompression plugins take most of a build by design: Rolldown's
// timing report would print on every first `npm start`.
const checks = { bundlerTimings: false };

export default defineConfig(({ isSsrBuild }) => ({
  base: '/static/',
  plugins: [react(), precompileGraphqlDocuments(/\/src\/web\/graphql\/([a-z]+-)*operations\.ts$/), precompressAssets()],
  publicDir: 'public',
  css: { modules: { generateScopedName: isSsrBuild || process.env.NODE_ENV === 'production' ? '[hash:base64:6]' : '[name]_[local]_[hash:base64:4]' } },
  build: isSsrBuild
    ? {
        ssr: true,
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        minify: false,
        sourcemap: true,
        rolldownOptions: {
          checks,
          input: { main: 'src/server/main.ts', 'entry-server': 'src/web/entry-server.tsx' },
          output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: { checks, input: 'src/web/entry-client.tsx' },
      },
}));
