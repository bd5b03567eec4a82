import { darkTheme, lightTheme, STATUS_TONE_NAMES, type Theme } from './themes';

/** WCAG 2 relative luminance and contrast ratio (axe cannot measure colours under jsdom). */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
] as Array<[string, Theme]>)('%s theme', (_name, theme) => {
  const c = theme.colors;

  it.each([
    ['text', 'background'],
    ['text', 'surface'],
    ['text', 'surfaceMuted'],
    ['textMuted', 'background'],
    ['textMuted', 'surface'],
    ['textMuted', 'surfaceMuted'],
    ['primaryText', 'background'],
    ['primaryText', 'surface'],
    ['onPrimary', 'primary'],
    ['onPrimary', 'primaryHover'],
    ['onDanger', 'danger'],
    ['onDanger', 'dangerHover'],
    ['dangerText', 'surface'],
    ['successText', 'surface'],
    ['warningText', 'surface'],
    ['accentSoftText', 'accentSoft'],
  ] as Array<[keyof Theme['colors'], keyof Theme['colors']]>)('reads %s on %s at 4.5:1 or more', (fg, bg) => {
    expect(contrast(c[fg], c[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['borderStrong', 'surface'],
    ['focusRing', 'background'],
    ['focusRing', 'surface'],
  ] as Array<[keyof Theme['colors'], keyof Theme['colors']]>)('draws %s against %s at 3:1 or more', (fg, bg) => {
    expect(contrast(c[fg], c[bg])).toBeGreaterThanOrEqual(3);
  });

  it('has the same token names as the other theme', () => {
    expect(Object.keys(theme.colors).sort()).toEqual(Object.keys(lightTheme.colors).sort());
    expect(Object.keys(theme.tones).sort()).toEqual([...STATUS_TONE_NAMES].sort());
  });

  it.each(STATUS_TONE_NAMES)('reads the %s badge tone at 4.5:1 or more', (tone) => {
    expect(contrast(theme.tones[tone].text, theme.tones[tone].background)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps every tone apart from the others', () => {
    const fills = STATUS_TONE_NAMES.map((tone) => theme.tones[tone].background);
    expect(new Set(fills).size).toBe(fills.length);
  });

  it('writes every colour as #rrggbb (or an rgba overlay), so the checks above can read it', () => {
    for (const value of [...Object.values(theme.colors), ...STATUS_TONE_NAMES.flatMap((t) => Object.values(theme.tones[t]))]) {
      expect(value).toMatch(/^(#[0-9a-f]{6}|rgba\(\d+, \d+, \d+, [\d.]+\))$/);
    }
  });
});
