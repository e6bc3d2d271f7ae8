// One line of content text from the data in a list row (a deck's title or description, an entry's
// text and meanings): it takes its own direction (dir="auto"), so a line too long for its row shows
// its start and ends in the ellipsis whichever way the page runs, while the theme's rule for the
// class (app/theme.ts) keeps it aligned as the page is. Being dir="auto", the line is isolated
// already: a single value in it needs no <bdi> (two, as in shared/EntryLabel.tsx, still do).

/** The class of such a line; app/theme.ts aligns it with its parent. */
export const CONTENT_LINE_CLASS = 'wi-content-line';

/** Typography props of one line of content text in `lang`. */
export function contentLine(lang?: string) {
  return { lang, dir: 'auto', noWrap: true, className: CONTENT_LINE_CLASS } as const;
}

/** Input props for a field holding content text from the data (a meaning, a title, a source):
 * once it holds text, the text's own direction (dir="auto"), so an English value in a
 * right-to-left page starts at its start and keeps a closing parenthesis at its end; empty, the
 * page's direction (an empty dir="auto" field runs left to right in Chromium, its caret on the
 * wrong side). */
export function contentInput(value: string, lang?: string) {
  return { lang, dir: value.trim() === '' ? undefined : 'auto' } as const;
}
