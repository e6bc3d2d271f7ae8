// Vite plugin for the locale messages (SPEC §7): each `src/i18n/messages/<locale>.json` is served
// at `/_i18n/<contenthash>/<locale>/messages.json` (emitted at build, served by the dev server), and
// the virtual module `virtual:i18n-messages` exports the map locale → URL.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:i18n-messages';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

interface MessageFile {
  locale: string;
  file: string;
  source: string;
  hash: string;
}

/** Content hash used in the URL (12 hex digits of SHA-256). */
export function contentHash(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 12);
}

/** The URL path (without base) of a locale's messages. */
export function messagesPath(hash: string, locale: string): string {
  return `_i18n/${hash}/${locale}/messages.json`;
}

export function i18nMessagesPlugin(options: { dir?: string } = {}): Plugin {
  let dir = '';
  let base = '/';

  const readAll = (): MessageFile[] =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const file = join(dir, name);
        // Minified, so the hash and the bytes served ignore formatting.
        const source = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
        return { locale: name.slice(0, -'.json'.length), file, source, hash: contentHash(source) };
      });

  return {
    name: 'writeit-i18n-messages',
    configResolved(config) {
      dir = resolve(config.root, options.dir ?? 'src/i18n/messages');
      base = config.base || '/';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = readAll();
      for (const f of files) this.addWatchFile(f.file);
      const map = Object.fromEntries(files.map((f) => [f.locale, base + messagesPath(f.hash, f.locale)]));
      return `export default ${JSON.stringify(map)};\n`;
    },
    generateBundle() {
      for (const f of readAll()) {
        this.emitFile({ type: 'asset', fileName: messagesPath(f.hash, f.locale), source: f.source });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const prefix = base + '_i18n/';
        if (!url.startsWith(prefix)) return next();
        const match = /^([0-9a-f]+)\/([A-Za-z0-9-]+)\/messages\.json$/.exec(url.slice(prefix.length));
        const file = match && readAll().find((f) => f.locale === match[2] && f.hash === match[1]);
        if (!file) {
          res.statusCode = 404;
          res.end('Not found');
          return;
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(file.source);
      });
    },
    handleHotUpdate(ctx) {
      if (ctx.file.startsWith(dir)) {
        const mod = ctx.server.moduleGraph.getModuleById(RESOLVED_ID);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
