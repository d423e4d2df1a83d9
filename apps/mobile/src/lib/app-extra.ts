/**
 * What app.config.ts hands the running app (`extra`, read through expo-constants): the brand it
 * was built as and the server it talks to.
 */
export interface AppExtra {
  /** BRAND at build time: turntable or hangout (BRAND-NAME-1). */
  brand: string;
  /** API_URL at build time: the origin of the platform, e.g. https://turntable.example. */
  apiUrl: string;
}
