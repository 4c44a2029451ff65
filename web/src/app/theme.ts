import { createTheme } from '@mui/material/styles';

export const BRAND_ORANGE = '#DB5C0E';

export const theme = createTheme({
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
  },
});
