// Build-time only (imported by vite.config.ts, never by the app): the browser evaluates a module
// graph in one task, and the app's took about 75 ms here (300 ms on Lighthouse's 4x-slower phone)
// with nothing else able to run. So this adds an async module script for some chunks of the
// entry's own graph (React DOM, MUI's core) before the entry's: each is evaluated in a task of its
// own as soon as it is loaded, and the entry's evaluation then skips them (when the entry happens
// to be evaluated first, it evaluates them as before). The chunks and the bytes are the same. A
// listed module outside the entry's static graph fails the build.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The entry chunk's file and the chunks (files) holding `modules`, in that order, deduplicated. */
export function bootChunks(bundle: OutputBundle, modules: readonly string[]): { entry: string; chunks: string[] } {
  const all = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const entry = all.find((c) => c.isEntry);
  if (!entry) throw new Error('boot scripts: the build has no entry chunk');
  const byFile = new Map(all.map((c) => [c.fileName, c]));
  const graph = new Set<string>();
  const walk = (file: string) => {
    if (graph.has(file)) return;
    graph.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
  };
  walk(entry.fileName);
  const chunks: string[] = [];
  for (const module of modules) {
    const chunk = [...graph]
      .map((file) => byFile.get(file)!)
      .find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
    if (!chunk) throw new Error(`boot scripts: '${module}' is not in the entry's static graph`);
    if (chunk === entry) throw new Error(`boot scripts: '${module}' is in the entry chunk itself (give it a chunk of its own)`);
    if (!chunks.includes(chunk.fileName)) chunks.push(chunk.fileName);
  }
  return { entry: entry.fileName, chunks };
}

/** `html` with an async module script for each of `chunks` before the entry's script tag. Async:
 * each is evaluated in a task of its own once loaded (in-order module scripts that are ready
 * together run in one task), and the entry still runs after the document is parsed. */
export function insertBootScripts(html: string, base: string, entry: string, chunks: readonly string[]): string {
  const src = `${base}${entry}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entryTag = new RegExp(`<script type="module"[^>]*\\ssrc="${src}"[^>]*></script>`);
  const match = entryTag.exec(html);
  if (!match) throw new Error(`boot scripts: no script tag for the entry ${entry} in index.html`);
  const tags = chunks.map((file) => `<script type="module" async crossorigin src="${base}${file}"></script>\n    `).join('');
  return html.slice(0, match.index) + tags + html.slice(match.index);
}

/** The plugin: `modules` are module path endings, evaluated in this order before the entry. */
export function bootScriptsPlugin(modules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'writeit-boot-scripts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const { entry, chunks } = bootChunks(ctx.bundle as unknown as OutputBundle, modules);
        return insertBootScripts(html, base, entry, chunks);
      },
    },
  };
}
