/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** the build's name (vite.config.ts): the judge's tablet reports it to the status page */
  readonly VITE_APP_BUILD?: string;
}
