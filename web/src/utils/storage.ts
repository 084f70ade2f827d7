// Web Storage that never throws: it can be disabled, full, or denied to the page.

export const readItem = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};

/** Whether the value was stored. */
export const writeItem = (storage: () => Storage, key: string, value: string): boolean => {
  try {
    storage().setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

export const removeItem = (storage: () => Storage, key: string): void => {
  try {
    storage().removeItem(key);
  } catch {
    // nothing stored
  }
};

export const local = () => window.localStorage;
export const session = () => window.sessionStorage;
