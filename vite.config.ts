import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Gzipped size of the JS a first visit must load: the entry chunk and its static imports. */
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

function initialJsBudget(limit: number): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const bytes = [...initial].reduce((sum, fileName) => sum + gzipSync(chunks.get(fileName)?.code ?? '').length, 0);
      const message = `initial JS ${(bytes / 1024).toFixed(1)} KB gzip (budget ${(limit / 1024).toFixed(0)} KB) in ${initial.size} chunk(s)`;
      if (bytes > limit) this.error(message);
      this.info(message);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), initialJsBudget(INITIAL_JS_BUDGET_BYTES)],
  server: {
    // The app only talks to the BFF; in dev the BFF runs on 8080 (override with BFF_URL).
    proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:8080' } },
  },
  preview: {
    proxy: { '/api': { target: process.env.BFF_URL ?? 'http://localhost:8080' } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
