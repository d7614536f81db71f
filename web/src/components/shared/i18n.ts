/** Two languages, every string in both. Chapter prose lives in the chapter modules. */
export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

export interface L10n {
  zh: string;
  en: string;
}

export const l = (zh: string, en: string): L10n => ({ zh, en });

export function defaultLang(): Lang {
  const prefs = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return prefs.some((p) => p?.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

export function isLang(v: unknown): v is Lang {
  return v === 'zh' || v === 'en';
}
