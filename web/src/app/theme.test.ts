import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { CANVAS_COLORS, createAppTheme, PRIMARY_COLOR } from './theme';

describe('theme', () => {
  it('keeps SPEC §9 colours in light', () => {
    const theme = createAppTheme('light');
    expect(theme.palette.primary.main).toBe(PRIMARY_COLOR);
    expect(theme.palette.canvas).toEqual(CANVAS_COLORS.light);
    expect(theme.breakpoints.values).toMatchObject({ sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
  });

  // WCAG 2.1 AA: 4.5:1 for text. The primary colour is text on the page's background (outlined and
  // text buttons, links, selected tabs) and a background under its contrast text (contained buttons).
  for (const mode of ['light', 'dark'] as const) {
    it(`has primary text readable in ${mode}`, () => {
      const { palette } = createAppTheme(mode);
      expect(getContrastRatio(palette.primary.main, palette.background.default)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
      expect(palette.canvas).toEqual(CANVAS_COLORS[mode]);
    });
  }

  it('draws the app bar in the brand colour in dark too, as index.html does before the app runs', () => {
    const overrides = createAppTheme('dark').components?.MuiAppBar?.styleOverrides?.colorPrimary as Record<string, string>;
    expect(overrides.backgroundColor).toBe(PRIMARY_COLOR);
    expect(getContrastRatio(overrides.color!, PRIMARY_COLOR)).toBeGreaterThanOrEqual(4.5);
  });
});
