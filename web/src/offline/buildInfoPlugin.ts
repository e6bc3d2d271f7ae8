// Build-time only (imported by vite.config.ts, never by the app): gives every build an id, injects
// it as `import.meta.env.VITE_BUILD_ID`, and writes `builds/latest.json` = {id, timestamp} beside
// the app so a running client can tell that a newer build is deployed (SPEC §4, §7).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** What builds/latest.json holds. */
export interface BuildInfo {
  id: string;
  /** When the build was made (ms since the epoch). */
  timestamp: number;
}

/** The path of the build file, relative to the web root. */
export const LATEST_PATH = 'builds/latest.json';

/** Every file under `dir` (sorted, relative paths), skipping `skip` folder names. */
function listFiles(dir: string, root: string, skip: ReadonlySet<string>): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...listFiles(path, root, skip));
    else if (st.isFile()) out.push(relative(root, path));
  }
  return out;
}

/** A content hash of what goes into the build: the sources, public files, index.html, the build
 * and compiler configuration, the lock file and the VITE_* variables. The same inputs give the same id, so rebuilding an unchanged tree
 * does not prompt clients to reload. `WRITEIT_BUILD_ID` overrides it. */
export function computeBuildId(root: string, env: Record<string, string | undefined> = {}): string {
  if (env.WRITEIT_BUILD_ID) return env.WRITEIT_BUILD_ID;
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', '.git']);
  const files = [
    ...listFiles(join(root, 'src'), root, skip),
    ...listFiles(join(root, 'public'), root, skip),
    'index.html',
    // A change of chunking or of the service worker's set-up alone changes the files served.
    'vite.config.ts',
    'tsconfig.json',
    'tsconfig.app.json',
    'package-lock.json',
  ];
  for (const file of files) {
    hash.update(file + '\0');
    try {
      hash.update(readFileSync(join(root, file)));
    } catch {
      // A listed file that is gone (e.g. no lock file): its name alone goes into the hash.
    }
    hash.update('\0');
  }
  for (const key of Object.keys(env).filter((k) => k.startsWith('VITE_')).sort()) {
    hash.update(`${key}=${env[key] ?? ''}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The Vite plugin: defines VITE_BUILD_ID, emits builds/latest.json, and serves it in dev. */
export function buildInfoPlugin(options: { root?: string; env?: Record<string, string | undefined> } = {}): Plugin {
  const info: BuildInfo = { id: 'dev', timestamp: Date.now() };
  return {
    name: 'writeit:build-info',
    config(_config, { command }) {
      if (command === 'build') {
        info.id = computeBuildId(options.root ?? process.cwd(), options.env ?? process.env);
      } else {
        info.id = `dev-${info.timestamp.toString(36)}`;
      }
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(info.id) } };
    },
    configureServer(server) {
      server.middlewares.use('/' + LATEST_PATH, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(info));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: LATEST_PATH, source: JSON.stringify(info) + '\n' });
    },
  };
}
