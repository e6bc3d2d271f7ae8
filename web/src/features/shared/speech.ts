// Speaking an entry through the Web Speech API in the entry's language. Voices arrive late in
// some browsers (the 'voiceschanged' event), and a language may have none installed: the caller
// shows a clear message then rather than speaking in a wrong voice.
import { useCallback, useEffect, useState } from 'react';

/** The best voice for a language code ('ko', 'zh-TW'…): an exact tag first, then the same primary
 * language (local voices before network ones), else none. Tags compare case-insensitively, with
 * '_' read as '-' (Android reports 'ko_KR'). */
export function pickVoice<V extends Pick<SpeechSynthesisVoice, 'lang' | 'localService' | 'default'>>(
  voices: readonly V[],
  languageCode: string,
): V | undefined {
  const norm = (tag: string) => tag.toLowerCase().replace(/_/g, '-');
  const want = norm(languageCode);
  const primary = want.split('-')[0]!;
  const exact = voices.filter((v) => norm(v.lang) === want);
  const same = voices.filter((v) => norm(v.lang).split('-')[0] === primary);
  const rank = (v: V) => (v.localService ? 0 : 2) + (v.default ? 0 : 1);
  const best = (list: V[]) => [...list].sort((a, b) => rank(a) - rank(b))[0];
  return best(exact) ?? best(same);
}

export type SpeechStatus = 'unsupported' | 'loading' | 'noVoice' | 'ready';

function synthesis(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;
}

/** Speech for one language: its status, and `speak(text)`. */
export function useSpeech(languageCode: string): { status: SpeechStatus; speaking: boolean; speak: (text: string) => void } {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | undefined>(() => {
    const list = synthesis()?.getVoices();
    return list && list.length > 0 ? list : undefined;
  });
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    const s = synthesis();
    if (!s) return;
    const update = () => setVoices(s.getVoices());
    s.addEventListener?.('voiceschanged', update);
    // Some engines never fire the event when they have no voice at all: give up waiting.
    const timer = setTimeout(update, 1500);
    return () => {
      s.removeEventListener?.('voiceschanged', update);
      clearTimeout(timer);
    };
  }, []);
  const voice = voices ? pickVoice(voices, languageCode) : undefined;
  const status: SpeechStatus = !synthesis() ? 'unsupported' : voices === undefined ? 'loading' : voice ? 'ready' : 'noVoice';
  const speak = useCallback(
    (text: string) => {
      const s = synthesis();
      if (!s || !voice) return;
      s.cancel();
      const u = new SpeechSynthesisUtterance(text);
      u.voice = voice;
      u.lang = voice.lang;
      u.onstart = () => setSpeaking(true);
      u.onend = () => setSpeaking(false);
      u.onerror = () => setSpeaking(false);
      s.speak(u);
    },
    [voice],
  );
  return { status, speaking, speak };
}
