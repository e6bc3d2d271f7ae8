// The Material UI theme from SPEC §9: primary colour, canvas colours (light and dark),
// breakpoints (with xxl), container width, and the scroll-to animation duration.
import { createTheme, type Theme } from '@mui/material/styles';
import { CONTENT_LINE_CLASS } from './contentLine';

/** Scroll-to animation duration (ms). */
export const SCROLL_TO_DURATION_MS = 300;
/** Maximum width of the page container (px). */
export const CONTAINER_MAX_WIDTH = 1200;
/** Primary colour (SPEC §9 names it for light; the app bar keeps it in dark too). */
export const PRIMARY_COLOR = '#6750a4';
/** Primary colour in dark, and the text on it: Material 3's baseline dark scheme of the same seed
 * (tones 80 and 20). SPEC §9 names no dark primary, and #6750a4 on the dark background is 2.9:1,
 * below WCAG AA's 4.5:1 for the text it colours (outlined and text buttons, links, tabs). */
export const DARK_PRIMARY_COLOR = '#d0bcff';
export const DARK_ON_PRIMARY_COLOR = '#381e72';
/** Breakpoints (px); mobile is below `lg`. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** The breakpoint from which the layout is no longer "mobile". */
export const MOBILE_BREAKPOINT = 'lg' as const;

/** Colours of the drawing canvas. */
export interface CanvasColors {
  background: string;
  border: string;
  character: string;
}

export const CANVAS_COLORS: Record<'light' | 'dark', CanvasColors> = {
  light: { background: '#f2f0f4', border: '#4897d8', character: '#000000' },
  dark: { background: '#121212', border: '#525252', character: '#ffffff' },
};

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xs: true;
    sm: true;
    md: true;
    lg: true;
    xl: true;
    xxl: true;
  }
  interface Palette {
    canvas: CanvasColors;
  }
  interface PaletteOptions {
    canvas?: CanvasColors;
  }
}

/** Builds the theme for a colour mode and text direction. */
export function createAppTheme(mode: 'light' | 'dark', direction: 'ltr' | 'rtl' = 'ltr'): Theme {
  return createTheme({
    direction,
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      mode,
      primary: mode === 'dark' ? { main: DARK_PRIMARY_COLOR, contrastText: DARK_ON_PRIMARY_COLOR } : { main: PRIMARY_COLOR },
      canvas: CANVAS_COLORS[mode],
    },
    components: {
      MuiCssBaseline: {
        // A line of content text runs in its own direction but aligns as its parent does
        // (app/contentLine.ts); Chromium and Safari know only the prefixed keyword.
        styleOverrides: `.${CONTENT_LINE_CLASS} { text-align: -webkit-match-parent; text-align: match-parent; }`,
      },
      // The app bar is the brand colour in both modes, as index.html draws it before the app runs.
      MuiAppBar: {
        styleOverrides: { colorPrimary: { backgroundColor: PRIMARY_COLOR, color: '#fff' } },
      },
      MuiContainer: {
        defaultProps: { maxWidth: false },
        styleOverrides: { root: { maxWidth: CONTAINER_MAX_WIDTH } },
      },
    },
  });
}
