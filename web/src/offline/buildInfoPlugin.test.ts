// The build id (builds/latest.json): the same inputs give the same id; any input of the build,
// the Vite configuration included, gives a new one.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeBuildId } from './buildInfoPlugin';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'writeit-build-id-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(join(root, 'index.html'), '<!doctype html>\n');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {};\n');
  return root;
}

describe('computeBuildId', () => {
  it('is stable for the same inputs and moves with the sources, the Vite config and VITE_ variables', () => {
    const root = tree();
    const id = computeBuildId(root);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(computeBuildId(root)).toBe(id);
    expect(computeBuildId(root, { VITE_API_URL: 'https://example.com/api/trpc' })).not.toBe(id);

    writeFileSync(join(root, 'vite.config.ts'), 'export default { build: { minify: false } };\n');
    const afterConfig = computeBuildId(root);
    expect(afterConfig).not.toBe(id);
    writeFileSync(join(root, 'src', 'main.ts'), 'export const x = 1;\n');
    expect(computeBuildId(root)).not.toBe(afterConfig);
    expect(computeBuildId(root, { WRITEIT_BUILD_ID: 'fixed' })).toBe('fixed');
  });
});
