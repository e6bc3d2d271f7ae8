// Hearing an entry: its recording (audioUrl) when it has one, else the Web Speech API in the
// entry's language. Voices arrive late in some browsers (the 'voiceschanged' event), and a
// language may have none installed (Chromium on Linux has none at all): with no recording either,
// Listen and Dictation are hidden and one notice says why, rather than a dead button or speech
// in a wrong voice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverUrl } from '../../api/client';

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

/** An audio element for a recording that reports whether it plays; loaded on the first play. */
function recording(src: string, onPlaying: (playing: boolean) => void): HTMLAudioElement {
  const a = new Audio();
  a.preload = 'none';
  a.src = src;
  a.onplaying = () => onPlaying(true);
  a.onended = a.onpause = a.onerror = () => onPlaying(false);
  return a;
}

function playFromStart(a: HTMLAudioElement, onPlaying: (playing: boolean) => void): void {
  a.currentTime = 0;
  // A refused play (autoplay policy, a file gone) is not worth an error: the button stays.
  void a.play().catch(() => onPlaying(false));
}

/** How an entry is heard: 'recording' (its audio file), 'voice' (the device's speech),
 * 'waiting' (voices still loading), or 'none'. */
export type ListenSource = 'recording' | 'voice' | 'waiting' | 'none';

/** The rule: a recording whenever the entry has one (a person's voice, and it needs no installed
 * voice), else the device's voice when it has one for the language. */
export function listenSource(status: SpeechStatus, audioUrl: string | null | undefined): ListenSource {
  if (audioUrl) return 'recording';
  if (status === 'ready') return 'voice';
  if (status === 'loading') return 'waiting';
  return 'none';
}

/** The one notice a page shows when an entry cannot be heard at all: no voice for its language
 * ('noVoice'), or no speech in this browser ('noSpeech'); null when it can be, or may still be. */
export function listenNotice(status: SpeechStatus, audioUrl: string | null | undefined): 'noVoice' | 'noSpeech' | null {
  if (listenSource(status, audioUrl) !== 'none') return null;
  return status === 'unsupported' ? 'noSpeech' : 'noVoice';
}

/** Listening to one entry: where its sound comes from, whether it is playing, and `listen()`. */
export function useListen(entry: { text: string; languageCode: string; audioUrl?: string | null }): {
  source: ListenSource;
  notice: 'noVoice' | 'noSpeech' | null;
  playing: boolean;
  listen: () => void;
} {
  const speech = useSpeech(entry.languageCode);
  const [playingAudio, setPlayingAudio] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = entry.audioUrl ?? null;
  useEffect(() => {
    if (!url) return;
    const a = recording(serverUrl(url), setPlayingAudio);
    audio.current = a;
    return () => {
      a.pause();
      audio.current = null;
    };
  }, [url]);
  const source = listenSource(speech.status, url);
  const { speak } = speech;
  const listen = useCallback(() => {
    if (source === 'voice') speak(entry.text);
    else if (source === 'recording' && audio.current) playFromStart(audio.current, setPlayingAudio);
  }, [source, speak, entry.text]);
  return { source, notice: listenNotice(speech.status, url), playing: playingAudio || speech.speaking, listen };
}
