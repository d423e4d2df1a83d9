import * as SecureStore from 'expo-secure-store';
import { i18n, isLanguage, type Language } from '../../i18n';

const KEY = 'tt.language';

async function storeAvailable(): Promise<boolean> {
  try {
    return await SecureStore.isAvailableAsync();
  } catch {
    return false;
  }
}

/** Switches the app's language and keeps the choice (the web export keeps it in memory only). */
export async function setLanguage(lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
  if (await storeAvailable()) await SecureStore.setItemAsync(KEY, lang).catch(() => undefined);
}

/** Applies the language chosen earlier, if any (else the phone's language stays). */
export async function restoreLanguage(): Promise<void> {
  if (!(await storeAvailable())) return;
  const saved = await SecureStore.getItemAsync(KEY).catch(() => null);
  if (isLanguage(saved) && saved !== i18n.language) await i18n.changeLanguage(saved);
}
