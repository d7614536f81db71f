/**
 * Reading a parsed config.json by its own keys only: a key inherited from Object.prototype (a
 * polluted prototype, or `constructor`) is not in the config.
 */
export type Dict = Record<string, unknown>;

export const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);

/** d[k] when d has k itself, else undefined. */
export const own = (d: Dict, k: string): unknown => (Object.prototype.hasOwnProperty.call(d, k) ? d[k] : undefined);

/** A copy of d's own keys with no prototype, for code that reads many keys by name. */
export const ownKeys = (d: Dict): Dict => Object.assign(Object.create(null) as Dict, d);
