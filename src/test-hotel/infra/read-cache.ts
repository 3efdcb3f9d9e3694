// The JSON of the till's hot read answers (the bookable products, the time-span listing), kept
// until the database changes, so polling tablets do not each pay for it again. Invariants: an
// answer is kept only under the database version it was built from (total_changes(), PRAGMA
// data_version), never while a transaction is open, at most MAX_ENTRIES. Figures: docs/test-hotel.md.
import { jsonBytes } from '../../node-http/known-bodies.ts';
import { type HotelDb, statement } from './db.ts';

const MAX_ENTRIES = 64;

export class ReadCache {
  readonly #db: HotelDb;
  #version = '';
  readonly #entries = new Map<string, Uint8Array<ArrayBuffer>>();

  constructor(db: HotelDb) {
    this.#db = db;
  }

  /** The JSON of `build()`'s value for `key` as UTF-8 bytes, built now or kept from an earlier request. */
  json(key: string, build: () => unknown): Uint8Array<ArrayBuffer> {
    if (this.#db.inTransaction) return jsonBytes(build());
    const version = `${statement(this.#db, 'SELECT total_changes()').pluck().get()}:${statement(this.#db, 'PRAGMA data_version').pluck().get()}`;
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const kept = this.#entries.get(key);
    if (kept !== undefined) return kept;
    const bytes = jsonBytes(build());
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, bytes);
    return bytes;
  }
}
