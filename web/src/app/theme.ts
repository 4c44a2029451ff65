import { createTheme } from '@mui/material/styles';

export const BRAND_ORANGE = '#DB5C0E';

/** Whether the person asked their system for less motion (read once, when the app loads). */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** With less motion asked for, menus, dialogs, tabs and ripples appear and go at once, and the
 *  spinners and progress bars stand still (they still show that something is loading). */
const lessMotion = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
};

export const theme = createTheme({
  ...(reducedMotion ? lessMotion : {}),
  palette: {
    primary: { main: BRAND_ORANGE, contrastText: '#fff' },
    secondary: { main: '#37474f' },
    background: { default: '#f6f6f7' },
  },
  typography: {
    fontFamily: '"Source Sans Pro", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.4rem', fontWeight: 600 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0s !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0s !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
  },
});
