// A localStorage for unit tests in Node: a Map behind getItem/setItem/removeItem, stubbed on the
// global (undone by `vi.unstubAllGlobals()`); the Map is returned so a test can read what was kept.
import { vi } from 'vitest';

/**
 * Stubs `localStorage` with an empty Map-backed one and answers that Map.
 * @example const saved = stubLocalStorage(); updateSettings({ tillName: 'Bar 2' }); saved.get(key)
 */
export function stubLocalStorage(): Map<string, string> {
  const saved = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => saved.set(key, value),
    removeItem: (key: string) => saved.delete(key),
  });
  return saved;
}
