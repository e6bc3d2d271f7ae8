// The learner's writing settings, kept on this device: how lenient the stroke matcher is, and
// after how many misses on a stroke the expected stroke is shown.
import { useSyncExternalStore } from 'react';
import { DEFAULT_MISSES_BEFORE_HINT } from '../../canvas/constants';

export interface WritingSettings {
  /** 1 is the matcher's default; above 1 forgives more, below 1 less (0.5 to 2). */
  leniency: number;
  /** Misses on one stroke before it is shown (1 to 9). */
  missesBeforeHint: number;
}

export const WRITING_SETTINGS_KEY = 'writingSettings';
export const DEFAULT_WRITING_SETTINGS: WritingSettings = Object.freeze({ leniency: 1, missesBeforeHint: DEFAULT_MISSES_BEFORE_HINT });

const clamp = (v: unknown, lo: number, hi: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;

/** Settings from stored text, every field checked (bad or missing ones take the default). */
export function parseWritingSettings(raw: string | null): WritingSettings {
  let v: Partial<WritingSettings> = {};
  try {
    v = raw ? (JSON.parse(raw) as Partial<WritingSettings>) : {};
  } catch {
    // unreadable: defaults
  }
  return Object.freeze({
    leniency: clamp(v.leniency, 0.5, 2, DEFAULT_WRITING_SETTINGS.leniency),
    missesBeforeHint: Math.round(clamp(v.missesBeforeHint, 1, 9, DEFAULT_WRITING_SETTINGS.missesBeforeHint)),
  });
}

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

let current = parseWritingSettings(storage()?.getItem(WRITING_SETTINGS_KEY) ?? null);
const listeners = new Set<() => void>();

export function getWritingSettings(): WritingSettings {
  return current;
}

export function setWritingSettings(patch: Partial<WritingSettings>): void {
  current = parseWritingSettings(JSON.stringify({ ...current, ...patch }));
  storage()?.setItem(WRITING_SETTINGS_KEY, JSON.stringify(current));
  listeners.forEach((l) => l());
}

export function useWritingSettings(): WritingSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getWritingSettings,
  );
}
