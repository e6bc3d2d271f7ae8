import { describe, expect, it } from 'vitest';
import { cardId } from './cardId';

// Computed independently with Python's uuid.uuid5 (the same as Rust's Uuid::new_v5):
// uuid.uuid5(uuid.UUID('6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091'), f'{entry}/{kind}')
const ENTRY = '0190a4b2-7c1e-7d3a-9b2f-1c2d3e4f5a6b';

describe('cardId', () => {
  it('matches the server for every kind', () => {
    expect(cardId(ENTRY, 'meaning')).toBe('b4c60ecd-9f4b-5a73-9afb-1c98de8f5a2e');
    expect(cardId(ENTRY, 'reading')).toBe('96667deb-1f9e-5c28-8290-b7103adad7d7');
    expect(cardId(ENTRY, 'writing')).toBe('f9d814d7-7c35-56a5-986f-1813341e8953');
  });
});
