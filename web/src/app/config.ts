// Build-time configuration. External links can be overridden with VITE_* variables at build time.
export const EXTERNAL_LINKS = {
  /** AI chat assistant, opened in a new tab from the sidebar. */
  aiAssistant: import.meta.env.VITE_AI_ASSISTANT_URL ?? 'https://assistant.tourdesk.example/',
  /** FAQ / help centre, opened in a new tab from the sidebar. */
  helpCentre: import.meta.env.VITE_HELP_CENTRE_URL ?? 'https://help.tourdesk.example/',
} as const;

export const SIDEBAR_WIDTH_OPEN = 240;
export const SIDEBAR_WIDTH_CLOSED = 64;
export const SNACKBAR_HIDE_MS = 4000;
/** Distance between the tops of two stacked snackbars. */
export const SNACKBAR_PITCH_PX = 75;
export const SEARCH_DEBOUNCE_MS = 400;
export const PAGE_SIZES = [25, 50, 100, 150] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const TABLE_MIN_WIDTH = 1230;
export const ROW_MIN_HEIGHT = 49;
