/** Colour, spacing, radius and type tokens. Components read these; no colour is written in a component. */
export type ThemeMode = 'light' | 'dark';

export interface ThemeColors {
  /** Page background. */
  background: string;
  /** Cards, dialogs, sidebar. */
  surface: string;
  /** Subtle fills: hover rows, secondary buttons, code. */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** Hairlines between regions. */
  border: string;
  /** Borders of form controls (3:1 against the surface). */
  borderStrong: string;
  /** Brand fill (buttons) and the text drawn on it. */
  primary: string;
  primaryHover: string;
  onPrimary: string;
  /** Brand-coloured text and links on the surface. */
  primaryText: string;
  /** Destructive fill and the text drawn on it. */
  danger: string;
  dangerHover: string;
  onDanger: string;
  /** Error text on the surface. */
  dangerText: string;
  successText: string;
  warningText: string;
  /** Soft background behind a highlighted badge. */
  accentSoft: string;
  accentSoftText: string;
  focusRing: string;
  overlay: string;
  skeleton: string;
  skeletonHighlight: string;
}

/**
 * The colours status and priority badges speak in (spec §4: contract, incident and priority
 * colours). Which value gets which tone is one table, in StatusBadge; the shades live here.
 */
export type StatusTone = 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'grey';

export const STATUS_TONE_NAMES: readonly StatusTone[] = ['red', 'orange', 'yellow', 'green', 'blue', 'grey'];

/** A tone's soft fill and the text drawn on it (4.5:1 or more). */
export interface ToneColors {
  background: string;
  text: string;
}

export interface Theme {
  mode: ThemeMode;
  colors: ThemeColors;
  tones: Readonly<Record<StatusTone, ToneColors>>;
  space: { xxs: string; xs: string; sm: string; md: string; lg: string; xl: string; xxl: string; xxxl: string };
  radii: { sm: string; md: string; lg: string; full: string };
  fonts: { body: string; heading: string; mono: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string; display: string };
  fontWeights: { regular: number; medium: number; semibold: number; bold: number };
  lineHeights: { tight: number; normal: number };
  shadows: { sm: string; md: string; lg: string };
  /** Media-query widths: below `md` the layout is the mobile one. */
  breakpoints: { md: string; lg: string };
  zIndices: { sticky: number; overlay: number; modal: number; toast: number };
  durations: { fast: string; normal: string };
}

const base = {
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px', xxxl: '48px' },
  radii: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', display: '2.5rem' },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.25, normal: 1.5 },
  breakpoints: { md: '768px', lg: '1024px' },
  zIndices: { sticky: 10, overlay: 40, modal: 50, toast: 100 },
  durations: { fast: '120ms', normal: '200ms' },
} satisfies Omit<Theme, 'mode' | 'colors' | 'tones' | 'shadows'>;

// Contrast checked against WCAG AA: body text ≥ 4.5:1 on background and surface, control borders ≥ 3:1.
export const lightTheme: Theme = {
  ...base,
  mode: 'light',
  colors: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceMuted: '#eef1f4',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#e2e6eb',
    borderStrong: '#6b7280',
    primary: '#0f766e',
    primaryHover: '#115e59',
    onPrimary: '#ffffff',
    primaryText: '#0f766e',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    onDanger: '#ffffff',
    dangerText: '#b91c1c',
    successText: '#166534',
    warningText: '#92400e',
    accentSoft: '#ccfbf1',
    accentSoftText: '#134e4a',
    focusRing: '#2563eb',
    overlay: 'rgba(17, 24, 39, 0.55)',
    skeleton: '#e5e7eb',
    skeletonHighlight: '#f3f4f6',
  },
  tones: {
    red: { background: '#fee2e2', text: '#991b1b' },
    orange: { background: '#ffedd5', text: '#9a3412' },
    yellow: { background: '#fef3c7', text: '#854d0e' },
    green: { background: '#dcfce7', text: '#166534' },
    blue: { background: '#dbeafe', text: '#1e40af' },
    grey: { background: '#e5e7eb', text: '#374151' },
  },
  shadows: {
    sm: '0 1px 2px rgba(17, 24, 39, 0.06)',
    md: '0 4px 12px rgba(17, 24, 39, 0.08)',
    lg: '0 12px 32px rgba(17, 24, 39, 0.18)',
  },
};

export const darkTheme: Theme = {
  ...base,
  mode: 'dark',
  colors: {
    background: '#0b1120',
    surface: '#111827',
    surfaceMuted: '#1f2937',
    text: '#f3f4f6',
    textMuted: '#a1a9b6',
    border: '#273244',
    borderStrong: '#7b8594',
    primary: '#2dd4bf',
    primaryHover: '#5eead4',
    onPrimary: '#042f2e',
    primaryText: '#5eead4',
    danger: '#dc2626',
    dangerHover: '#b91c1c',
    onDanger: '#ffffff',
    dangerText: '#fca5a5',
    successText: '#86efac',
    warningText: '#fcd34d',
    accentSoft: '#134e4a',
    accentSoftText: '#ccfbf1',
    focusRing: '#93c5fd',
    overlay: 'rgba(0, 0, 0, 0.65)',
    skeleton: '#1f2937',
    skeletonHighlight: '#2b3646',
  },
  tones: {
    red: { background: '#450a0a', text: '#fca5a5' },
    orange: { background: '#431407', text: '#fdba74' },
    yellow: { background: '#422006', text: '#fde047' },
    green: { background: '#052e16', text: '#86efac' },
    blue: { background: '#172554', text: '#93c5fd' },
    grey: { background: '#273244', text: '#d1d5db' },
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export const themes: Readonly<Record<ThemeMode, Theme>> = { light: lightTheme, dark: darkTheme };

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
