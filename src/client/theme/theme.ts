import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** LeaseHawk blue around #1C97FC (the Missed Call / Inbound colour of SPEC.md section 9). */
const hawk: MantineColorsTuple = [
  '#e5f4ff',
  '#cde4ff',
  '#9bc8fd',
  '#64aafb',
  '#3991fa',
  '#1c82fa',
  '#0879fb',
  '#0067e0',
  '#005bc9',
  '#004eb2',
];

/**
 * Mantine's red with shades 6 and 7 darkened to #e03131 and #c92a2a, so white on a red button
 * (shade 7, 5.5:1) and red text on white (4.5:1 and up) meet WCAG AA.
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e03131',
  '#c92a2a',
  '#b02525',
  '#962020',
];

/** Slate for the top bar and text. */
const slate: MantineColorsTuple = [
  '#f1f4f8',
  '#e2e7ef',
  '#c2ccdb',
  '#9fafc6',
  '#8297b5',
  '#6f88ab',
  '#6580a7',
  '#546d92',
  '#496184',
  '#1b2a41',
];

/** The Mantine theme; breakpoints are SPEC.md section 9's 767 / 991 / 1200 px edges. */
export const theme = createTheme({
  primaryColor: 'hawk',
  // Shade 7 (#0067e0) keeps white text and links at 5.2:1 (WCAG AA); shade 6 was 4.1:1.
  primaryShade: 7,
  colors: { hawk, red, slate },
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, system-ui, -apple-system, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});

/** Colours used outside the Mantine palette (SPEC.md section 9). */
export const COLORS = {
  topBar: '#1b2a41',
  impersonating: '#c92a2a',
  page: '#f3f5f9',
  positive: '#57C059',
  neutral: '#787878',
  negative: '#F13B44',
} as const;

/** Width of the side menu (SPEC.md section 9). */
export const SIDE_MENU_WIDTH = 250;

/**
 * Dimmed text (period dates, previous-period lines, captions) in #5c636a: 6.1:1 on white and 5.6:1
 * on the page background, where Mantine's gray 6 gave 3.3:1 (WCAG AA asks 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
