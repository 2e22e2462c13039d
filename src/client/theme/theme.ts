import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  colors: { hawk, slate },
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
