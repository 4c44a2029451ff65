/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_AI_ASSISTANT_URL?: string;
  readonly VITE_HELP_CENTRE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
