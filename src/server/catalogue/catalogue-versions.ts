// Every catalogue version the till server served or read, kept for good (`catalogue_versions`,
// append-only): a version is the product list with each product's price, VAT rate and group, and
// gets a new number whenever what the PMS says differs from the latest one. An offline tablet's
// sale is judged against the version it sold from (docs/ledger.md, "Pricing").
import { createHash } from 'node:crypto';
import type { HubDb } from '../hub/hub-db.ts';

/** What the catalogue says of one product: the one source of a ledger line's price, rate and group. */
export interface CatalogueItem {
  productId: number;
  name: string;
  /** Gross unit price in cents; null for an open-price product (typed in at the till). */
  priceCents: number | null;
  taxClassId: number | null;
  /** VAT rate in basis points (1900 = 19 %); null where the product's tax class is unknown. */
  vatRateBp: number | null;
  commodityGroupId: number | null;
  commodityGroupName: string;
}

/** One version of the catalogue. */
export interface CatalogueVersion {
  version: number;
  /** When the server first served or read it (ISO). */
  firstServedAt: string;
  /** The tax classes' rates (basis points) it was built with, by tax class id. */
  taxRates: ReadonlyMap<number, number>;
  items: ReadonlyMap<number, CatalogueItem>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS catalogue_versions (
    version INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL,
    first_served_at TEXT NOT NULL,
    body TEXT NOT NULL
  ) STRICT;
  CREATE TRIGGER IF NOT EXISTS catalogue_versions_no_update BEFORE UPDATE ON catalogue_versions
  BEGIN SELECT RAISE(ABORT, 'catalogue versions are append-only'); END;
  CREATE TRIGGER IF NOT EXISTS catalogue_versions_no_delete BEFORE DELETE ON catalogue_versions
  BEGIN SELECT RAISE(ABORT, 'catalogue versions are append-only'); END;`;

interface Row {
  version: number;
  sha256: string;
  firstServedAt: string;
  body: string;
}
interface Body {
  taxRates: [number, number][];
  items: CatalogueItem[];
}

/** Versions kept in memory (the latest few are what sales name). */
const KEPT_IN_MEMORY = 16;

/** The store of versions on `db` (its table made here if missing). */
export function createCatalogueVersions(db: HubDb, now: () => Date) {
  db.exec(SCHEMA);
  const select = `SELECT version, sha256, first_served_at AS firstServedAt, body FROM catalogue_versions`;
  const byNumber = db.prepare(`${select} WHERE version = ?`);
  const latestRow = db.prepare(`${select} ORDER BY version DESC LIMIT 1`);
  const inForce = db.prepare(`${select} WHERE first_served_at <= ? ORDER BY version DESC LIMIT 1`);
  const insert = db.prepare(
    'INSERT INTO catalogue_versions (sha256, first_served_at, body) VALUES (?, ?, ?)',
  );
  const cache = new Map<number, CatalogueVersion>();

  function read(row: Row | undefined): CatalogueVersion | undefined {
    if (!row) return undefined;
    const cached = cache.get(row.version);
    if (cached) return cached;
    const body = JSON.parse(row.body) as Body;
    const version: CatalogueVersion = {
      version: row.version,
      firstServedAt: row.firstServedAt,
      taxRates: new Map(body.taxRates),
      items: new Map(body.items.map((item) => [item.productId, item])),
    };
    cache.set(row.version, version);
    if (cache.size > KEPT_IN_MEMORY) cache.delete(cache.keys().next().value!);
    return version;
  }

  return {
    /**
     * The version holding exactly `items` and `taxRates`: the latest when it says the same, else a new one.
     * @example versions.keep(items, new Map([[1, 1900]])).version
     */
    keep(items: readonly CatalogueItem[], taxRates: ReadonlyMap<number, number>): CatalogueVersion {
      const sorted = [...items].sort((a, b) => a.productId - b.productId);
      const body = JSON.stringify({ taxRates: [...taxRates].sort((a, b) => a[0] - b[0]), items: sorted });
      const sha256 = createHash('sha256').update(body).digest('hex');
      const latest = latestRow.get() as Row | undefined;
      if (latest?.sha256 === sha256) return read(latest)!;
      const version = Number(insert.run(sha256, now().toISOString(), body).lastInsertRowid);
      return read({ version, sha256, firstServedAt: now().toISOString(), body })!;
    },
    /** Version `version`, or undefined when the server never served it. */
    version(version: number): CatalogueVersion | undefined {
      return cache.get(version) ?? read(byNumber.get(version) as Row | undefined);
    },
    /** The latest version, or undefined before the first. */
    latest(): CatalogueVersion | undefined {
      return read(latestRow.get() as Row | undefined);
    },
    /** The version in force at `iso` (the latest first served then or before), or undefined. */
    inForceAt(iso: string): CatalogueVersion | undefined {
      return read(inForce.get(iso) as Row | undefined);
    },
  };
}

export type CatalogueVersions = ReturnType<typeof createCatalogueVersions>;
