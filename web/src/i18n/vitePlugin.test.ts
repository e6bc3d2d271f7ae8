import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash, i18nMessagesPlugin, messagesPath } from './vitePlugin';

type Hook = (...args: unknown[]) => unknown;
const call = (hook: unknown, self: unknown, ...args: unknown[]) =>
  (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler).apply(self, args);

describe('i18n messages plugin', () => {
  it('maps each locale to a content-hashed URL and emits the files at build', () => {
    const root = mkdtempSync(join(tmpdir(), 'i18n-'));
    mkdirSync(join(root, 'src/i18n/messages'), { recursive: true });
    writeFileSync(join(root, 'src/i18n/messages/en-US.json'), '{\n  "a": "b"\n}\n');
    writeFileSync(join(root, 'src/i18n/messages/ko-KR.json'), '{"a":"비"}');
    const plugin = i18nMessagesPlugin();
    call(plugin.configResolved, plugin, { root, base: '/app/' });
    expect(call(plugin.resolveId, plugin, 'virtual:i18n-messages')).toBe('\0virtual:i18n-messages');
    expect(call(plugin.resolveId, plugin, 'other')).toBeUndefined();

    const watched: string[] = [];
    const code = call(plugin.load, { addWatchFile: (f: string) => watched.push(f) }, '\0virtual:i18n-messages') as string;
    const map = JSON.parse(code.replace(/^export default /, '').replace(/;\s*$/, '')) as Record<string, string>;
    const enHash = contentHash('{"a":"b"}');
    expect(map['en-US']).toBe(`/app/${messagesPath(enHash, 'en-US')}`);
    expect(map['en-US']).toMatch(/^\/app\/_i18n\/[0-9a-f]{12}\/en-US\/messages\.json$/);
    expect(map['ko-KR']).toBe(`/app/_i18n/${contentHash('{"a":"비"}')}/ko-KR/messages.json`);
    expect(watched).toHaveLength(2);

    const emitted: { fileName: string; source: string }[] = [];
    call(plugin.generateBundle, { emitFile: (f: { fileName: string; source: string }) => emitted.push(f) });
    expect(emitted).toContainEqual({ type: 'asset', fileName: `_i18n/${enHash}/en-US/messages.json`, source: '{"a":"b"}' });
    expect(emitted).toHaveLength(2);
  });
});
