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
  return searchAmong(index, fold(query), limit, accept).result;
}

/**
 * `search` over `candidates` only (positions in the index, ascending; all products when absent):
 * the result, and the positions that matched, for a later query that extends this one.
 */
function searchAmong(
  index: SearchIndex,
  q: string,
  limit: number,
  accept: ((product: Product) => boolean) | undefined,
  candidates?: Int32Array,
): { result: SearchResult; matched: Int32Array } {
  const { products, names, numbers, eans } = index;
  const count = candidates ? candidates.length : products.length;
  const matched = new Int32Array(count);
  let total = 0;
  if (!q) {
    const all: Product[] = [];
    for (let c = 0; c < count; c++) {
      const i = candidates ? candidates[c]! : c;
      if (accept && !accept(products[i]!)) continue;
      matched[total++] = i;
      if (all.length < limit) all.push(products[i]!);
    }
    return { result: { matches: all, total }, matched: matched.subarray(0, total) };
  }
  const words = q.split(/\s+/).filter(Boolean);
  const wordStart = ` ${q}`;
  const buckets: Product[][] = Array.from({ length: RANKS }, () => []);
  for (let c = 0; c < count; c++) {
    const i = candidates ? candidates[c]! : c;
    const product = products[i]!;
    if (accept && !accept(product)) continue;
    const rank = rankOf(q, words, wordStart, names[i]!, numbers[i]!, eans[i]!);
    if (rank === undefined) continue;
    matched[total++] = i;
    const bucket = buckets[rank]!;
    if (bucket.length < limit) bucket.push(product);
  }
  const matches: Product[] = [];
  for (const bucket of buckets) {
    for (const product of bucket) {
      if (matches.length >= limit) return { result: { matches, total }, matched: matched.subarray(0, total) };
      matches.push(product);
    }
  }
  return { result: { matches, total }, matched: matched.subarray(0, total) };
}

/** A narrowing of the search, and its name for the searcher's memory (e.g. a commodity group's id). */
export interface SearchFilter {
  key: string;
  accept: (product: Product) => boolean;
}

/** Queries a searcher remembers the matches of, besides every query of one character or none. */
const REMEMBERED_QUERIES = 32;

/** What a searcher remembers of one query: its matches' positions, and its answer at one limit. */
interface Remembered {
  q: string;
  filter: string;
  matched: Int32Array;
  limit: number;
  result: SearchResult;
}

/**
 * `search` over one index for someone typing: a query that extends one searched before looks only
 * among that one's matches (whatever matches "weiss" contains "weis"), and a query searched before
 * (a backspace) at the same limit is answered from memory. Every query of one character or none is
 * kept for the searcher's life (`FIRST_KEYSTROKES`, to search ahead); 32 others, the
 * latest. Answers exactly what `search` answers.
 * @example const find = createSearcher(index); find('pi', 120); find('pil', 120);
 */
export function createSearcher(
  index: SearchIndex,
): (query: string, limit: number, filter?: SearchFilter) => SearchResult {
  /** Folded query and filter key -> what is remembered of it; the latest last. */
  const latest = new Map<string, Remembered>();
  const firsts = new Map<string, Remembered>();
  return (query, limit, filter) => {
    const q = fold(query);
    const filterKey = filter?.key ?? '';
    const key = `${filterKey}\u0000${q}`;
    const known = firsts.get(key) ?? latest.get(key);
    if (known?.limit === limit) return known.result;
    let candidates = known?.matched;
    if (!candidates) {
      for (const before of [...firsts.values(), ...latest.values()]) {
        if (before.filter !== filterKey || !q.startsWith(before.q)) continue;
        if (!candidates || before.matched.length < candidates.length) candidates = before.matched;
      }
    }
    const { result, matched } = searchAmong(index, q, limit, filter?.accept, candidates);
    const remembered = { q, filter: filterKey, matched, limit, result };
    if (q.length <= 1) firsts.set(key, remembered);
    else {
      latest.delete(key);
      latest.set(key, remembered);
      if (latest.size > REMEMBERED_QUERIES) latest.delete(latest.keys().next().value!);
    }
    return result;
  };
}

/**
 * The queries a searcher can answer ahead, while the till is idle, so that the first keystroke of a
 * search scans nothing: none, and each letter and digit a name, article number or EAN folds to.
 */
export const FIRST_KEYSTROKES: readonly string[] = ['', ...'abcdefghijklmnopqrstuvwxyz0123456789'];

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
