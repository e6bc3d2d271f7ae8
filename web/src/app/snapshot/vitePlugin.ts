// Build-time only (imported by vite.config.ts, never by the app): compiles restore.ts and writes
// it into index.html as an inline script at the end of <body>, so the last visit's styles and
// page snapshot are in place before the first paint, ahead of any of the app's code.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'rolldown/experimental';
import { transformWithOxc, type Plugin } from 'vite';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'restore.ts');

/** restore.ts as a classic script that runs `startPage` with the page's own environment. */
export async function startScript(build: string, source = readFileSync(SOURCE, 'utf8')): Promise<string> {
  const { code } = await transformWithOxc(source, SOURCE, { lang: 'ts', target: 'es2019' });
  // A classic script cannot export: the declarations stay, their `export` goes.
  const body = code.replace(/^export (?=(const|function|async function|class|let|var) )/gm, '').replace(/^export \{[^}]*\};?$/gm, '');
  const call =
    'startPage({ doc: document, storage: (function () { try { return window.localStorage; } catch (e) { return null; } })(),' +
    ` build: ${JSON.stringify(build)}, path: location.pathname + location.search,` +
    ' matchMedia: window.matchMedia ? function (q) { return window.matchMedia(q); } : undefined,' +
    ' language: navigator.language || \'\' });';
  const script = `(function () {\n${body}\ntry { ${call} } catch (e) { /* the app starts as without */ }\n})();`;
  // Minified (by Vite's own minifier, Rolldown's): it is part of every page load.
  const out = await minify('start.js', script);
  if (out.errors.length > 0) throw new Error(`start script: ${out.errors.map((e) => e.message).join('; ')}`);
  return out.code.trim();
}

/** The Vite plugin; the build id is the one buildInfoPlugin defines. */
export function snapshotStartPlugin(): Plugin {
  let build = 'dev';
  return {
    name: 'writeit:snapshot-start',
    configResolved(config) {
      const defined = config.define?.['import.meta.env.VITE_BUILD_ID'];
      if (typeof defined === 'string') build = JSON.parse(defined) as string;
    },
    async transformIndexHtml() {
      return [{ tag: 'script', children: await startScript(build), injectTo: 'body' }];
    },
  };
}
