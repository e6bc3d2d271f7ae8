import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { bootChunks, insertBootScripts } from './bootScriptsPlugin';

/** A bundle of chunks: file -> [static imports, module ids]. */
function bundle(chunks: Record<string, [string[], string[]]>, entry: string): OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, [imports, moduleIds]]) => [
      fileName,
      { type: 'chunk', fileName, isEntry: fileName === entry, imports, moduleIds, dynamicImports: [] },
    ]),
  ) as unknown as OutputBundle;
}

const BUNDLE = bundle(
  {
    'assets/index.js': [['assets/react-dom.js', 'assets/mui.js'], ['/w/src/main.tsx', '/w/node_modules/react-router/index.mjs']],
    'assets/react-dom.js': [['assets/react.js'], ['/w/node_modules/react-dom/client.js', '/w/node_modules/scheduler/index.js']],
    'assets/mui.js': [['assets/react-dom.js'], ['/w/node_modules/@mui/material/styles/createTheme.mjs', '/w/node_modules/@emotion/react/x.js']],
    'assets/react.js': [[], ['/w/node_modules/react/index.js']],
    'assets/page.js': [['assets/mui.js'], ['/w/src/features/home/routes.ts']],
  },
  'assets/index.js',
);

describe('bootChunks', () => {
  it('finds the chunks holding the modules in the entry graph, in order, each once', () => {
    expect(
      bootChunks(BUNDLE, ['node_modules/react-dom/client.js', 'node_modules/scheduler/index.js', '@mui/material/styles/createTheme.mjs']),
    ).toEqual({ entry: 'assets/index.js', chunks: ['assets/react-dom.js', 'assets/mui.js'] });
  });

  it('fails the build for a module outside the entry graph or inside the entry chunk', () => {
    expect(() => bootChunks(BUNDLE, ['src/features/home/routes.ts'])).toThrow(/not in the entry's static graph/);
    expect(() => bootChunks(BUNDLE, ['node_modules/react-router/index.mjs'])).toThrow(/in the entry chunk itself/);
  });
});

describe('insertBootScripts', () => {
  it('puts an async module script for each chunk right before the entry script', () => {
    const html = '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n</head>';
    expect(insertBootScripts(html, '/', 'assets/index.js', ['assets/react-dom.js', 'assets/mui.js'])).toBe(
      '<head>\n    <script type="module" async crossorigin src="/assets/react-dom.js"></script>\n    ' +
        '<script type="module" async crossorigin src="/assets/mui.js"></script>\n    ' +
        '<script type="module" crossorigin src="/assets/index.js"></script>\n</head>',
    );
    expect(() => insertBootScripts('<head></head>', '/', 'assets/index.js', [])).toThrow(/no script tag for the entry/);
  });
});
