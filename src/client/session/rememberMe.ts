import { STORAGE_KEYS } from './storageKeys';

/** The remembered username, or undefined when remember me is off. */
export function rememberedUsername(): string | undefined {
  if (localStorage.getItem(STORAGE_KEYS.rememberMe) !== 'true') return undefined;
  return localStorage.getItem(STORAGE_KEYS.rememberMeUsername) ?? '';
}

/** Stores the flag and username when checked; removes both when not. */
export function saveRememberMe(remember: boolean, username: string): void {
  if (remember) {
    localStorage.setItem(STORAGE_KEYS.rememberMe, 'true');
    localStorage.setItem(STORAGE_KEYS.rememberMeUsername, username);
  } else {
    localStorage.removeItem(STORAGE_KEYS.rememberMe);
    localStorage.removeItem(STORAGE_KEYS.rememberMeUsername);
  }
}
