// Build-time only (imported by vite.config.ts, never by the app): the chunks after the first load
// that gather named modules (vite.config.ts says why), and the build's check that every module
// named is in its chunk. A module matched by path that moved or was renamed would otherwise fall
// back to automatic chunking without a word: more files before a page's first screen, nothing
// broken, nobody told.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Chunk name -> the modules it gathers (paths from web/). */
export type NamedChunks = Readonly<Record<string, readonly string[]>>;

/** The app's named chunks: the session, loaded together at start, and the local database with
 * the read layer over it (db/read) and the deck list (every page's first screen needs them). */
export const NAMED_CHUNKS: NamedChunks = {
  session: ['src/session/session.ts', 'src/session/auth.ts', 'src/api/identity.ts'],
  data: [
    'src/db/db.ts',
    'src/db/order.ts',
    'src/db/read/live.ts',
    'src/db/read/decks.ts',
    'src/db/read/entries.ts',
    'src/db/read/cards.ts',
    'src/db/read/userDecks.ts',
    'src/db/read/userEntries.ts',
    'src/db/read/reviews.ts',
    'src/db/read/userParameters.ts',
    'src/db/read/firstSync.ts',
    'src/features/shared/clock.ts',
    'src/features/shared/usePageTitle.ts',
    'src/features/stats/stats.ts',
    'src/features/decks/DeckList.tsx',
    'src/app/languages.ts',
  ],
};

/** Whether module `id` (an absolute path) is one of `modules`. */
export function isOneOf(id: string, modules: readonly string[]): boolean {
  const path = id.replaceAll('\\', '/');
  return modules.some((m) => path.endsWith(`/${m}`));
}

/** `chunk/module` for every module named in `chunks` that is not in the output chunk of that name. */
export function missingModules(bundle: OutputBundle, chunks: NamedChunks): string[] {
  const outputs = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const missing: string[] = [];
  for (const [name, modules] of Object.entries(chunks)) {
    const ids = outputs.filter((c) => c.name === name).flatMap((c) => c.moduleIds);
    for (const m of modules) if (!ids.some((id) => isOneOf(id, [m]))) missing.push(`${name}/${m}`);
  }
  return missing;
}

/** The plugin: fails the build when a named module is not in its chunk. */
export function namedChunksCheck(chunks: NamedChunks): Plugin {
  return {
    name: 'writeit-named-chunks-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const missing = missingModules(bundle as unknown as OutputBundle, chunks);
      if (missing.length > 0) {
        this.error(`named chunks: not in their chunk (moved or renamed? see src/app/chunkGroups.ts): ${missing.join(', ')}`);
      }
    },
  };
}
