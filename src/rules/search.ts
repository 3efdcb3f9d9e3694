// Product search for the grid and the barcode scanner. Owns: the search index built once per
// catalogue (folded names, article numbers, EANs; folding makes 'kase' find 'Käse' and 'weiss'
// find 'Weißbier'), the ranking, and exact code look-up. Pure and allocation-light: one keystroke
// over 10,000 products is a single pass of `indexOf` into score buckets, with no sort (products are
// pre-sorted by name, and each bucket keeps that order).
import type { Product } from '../pms/wire';

export interface SearchIndex {
  /** Products in display order (by name). */
  products: readonly Product[];
  /** Folded name per product, same order. */
  names: readonly string[];
  /** Folded article number per product. */
  numbers: readonly string[];
  eans: readonly string[];
  /** Folded article number or EAN -> product, for scans and exact matches. */
  byCode: ReadonlyMap<string, Product>;
}

export interface SearchResult {
  /** The first `limit` matches, best first. */
  matches: Product[];
  /** How many matched in all. */
  total: number;
}

/** Ranks, best first: exact code, name starts, number starts, a word starts, name contains, code contains. */
const Rank = {
  ExactCode: 0,
  NameStart: 1,
  NumberStart: 2,
  WordStart: 3,
  NameContains: 4,
  CodeContains: 5,
  AllWords: 6,
} as const;
type Rank = (typeof Rank)[keyof typeof Rank];
const RANKS = 7;

/**
 * Lower case without accents; ß becomes ss.
 * @example fold('Weißbier Käse') === 'weissbier kase'
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .trim();
}

/**
 * Builds the index; do it once per catalogue, not per keystroke.
 * @example const index = buildSearchIndex(products);
 */
export function buildSearchIndex(products: readonly Product[], locale = 'de'): SearchIndex {
  // Nothing to sort: no collator (the empty catalogue a page starts with, docs/ui-speed.md).
  if (products.length < 2) return indexInOrder(products);
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return indexInOrder([...products].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id));
}

/**
 * The index of products already in display order (as buildSearchIndex sorted them): no collator,
 * whose first use in a page costs more than a small list's whole index (docs/ui-speed.md).
 * @example const index = indexInOrder(firstPage.products);
 */
export function indexInOrder(sorted: readonly Product[]): SearchIndex {
  const byCode = new Map<string, Product>();
  for (const product of sorted) {
    if (product.ean) byCode.set(product.ean, product);
    if (product.number) byCode.set(fold(product.number), product); // article numbers win over EANs
  }
  return {
    products: sorted,
    names: sorted.map((p) => fold(p.name)),
    numbers: sorted.map((p) => fold(p.number)),
    eans: sorted.map((p) => p.ean),
    byCode,
  };
}

/**
 * The product with exactly this article number or EAN (what a barcode scanner types).
 * @example findByCode(index, '4012345010005')?.name === 'Pils 0,3 l'
 */
export function findByCode(index: SearchIndex, code: string): Product | undefined {
  const key = fold(code);
  return key ? index.byCode.get(key) : undefined;
}

/**
 * Products matching `query`, ranked, the first `limit` of them; an empty query lists everything.
 * `accept` narrows the candidates first (e.g. one commodity group).
 * @example search(index, 'pils', 200).matches[0]?.name === 'Pils 0,3 l'
 */
export function search(
  index: SearchIndex,
  query: string,
  limit: number,
  accept?: (product: Product) => boolean,
): SearchResult {
  const q = fold(query);
  const { products, names, numbers, eans } = index;
  if (!q) {
    const all = accept ? products.filter(accept) : products;
    return { matches: all.slice(0, limit), total: all.length };
  }
  const words = q.split(/\s+/).filter(Boolean);
  const wordStart = ` ${q}`;
  const buckets: Product[][] = Array.from({ length: RANKS }, () => []);
  let total = 0;
  for (let i = 0; i < products.length; i++) {
    const product = products[i]!;
    if (accept && !accept(product)) continue;
    const rank = rankOf(q, words, wordStart, names[i]!, numbers[i]!, eans[i]!);
    if (rank === undefined) continue;
    total++;
    buckets[rank]!.push(product);
  }
  const matches: Product[] = [];
  for (const bucket of buckets) {
    for (const product of bucket) {
      if (matches.length >= limit) return { matches, total };
      matches.push(product);
    }
  }
  return { matches, total };
}

function rankOf(
  q: string,
  words: readonly string[],
  wordStart: string,
  name: string,
  number: string,
  ean: string,
): Rank | undefined {
  if (number === q || ean === q) return Rank.ExactCode;
  const inName = name.indexOf(q);
  if (inName === 0) return Rank.NameStart;
  if (number.startsWith(q)) return Rank.NumberStart;
  if (inName > 0) return name.includes(wordStart) ? Rank.WordStart : Rank.NameContains;
  if (number.includes(q) || ean.includes(q)) return Rank.CodeContains;
  if (words.length > 1 && words.every((w) => name.includes(w) || number.includes(w))) return Rank.AllWords;
  return undefined;
}
