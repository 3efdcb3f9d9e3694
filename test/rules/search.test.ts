// Product search: folded matching (umlauts, ß), the ranking staff expect, exact codes for the
// barcode scanner, and the cap that keeps a keystroke cheap.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/pms/wire.ts';
import {
  buildSearchIndex,
  createSearcher,
  FIRST_KEYSTROKES,
  findByCode,
  fold,
  search,
} from '../../src/rules/search.ts';
import { product } from '../support/catalogue.ts';

/** A catalogue entry by article number (and barcode), priced at 1 euro per id, in group `group`. */
const item = (id: number, name: string, number: string, ean = '', group = 1): Product =>
  product(id, name, 100 * id, {
    number,
    ean,
    commodity_group_id: group,
    commodity_group_name: `Group ${group}`,
  });

const PRODUCTS = [
  item(1, 'Pils 0,3 l', 'B-100', '4012345010005'),
  item(2, 'Weißbier 0,5 l', 'B-101'),
  item(3, 'Alkoholfreies Bier 0,33 l', 'B-103'),
  item(4, 'Käsespätzle', 'K-301', '', 3),
  item(5, 'Minibar Bier 0,33 l', 'M-202', '4012345010265', 2),
  item(6, 'Bierbrezel', 'K-309', '', 3),
  item(7, 'Espresso', 'B-1000'),
];
const index = buildSearchIndex(PRODUCTS);
const names = (query: string, limit = 10) => search(index, query, limit).matches.map((p) => p.name);

describe('product search', () => {
  it('folds case, accents and ß', () => {
    expect(fold('Weißbier KÄSE')).toBe('weissbier kase');
    expect(names('weiss')).toEqual(['Weißbier 0,5 l']);
    expect(names('kase')).toEqual(['Käsespätzle']);
    expect(names('KÄSE')).toEqual(['Käsespätzle']);
  });

  it('ranks a name that starts with the query before a word that does, before text inside a word', () => {
    expect(names('bier')).toEqual([
      'Bierbrezel', // name starts with it
      'Alkoholfreies Bier 0,33 l', // a word starts with it (names in alphabetical order)
      'Minibar Bier 0,33 l',
      'Weißbier 0,5 l', // inside a word
    ]);
  });

  it('finds by article number, the exact number first, then numbers that start with it', () => {
    expect(names('b-100')).toEqual(['Pils 0,3 l', 'Espresso']);
    expect(names('K-30')).toEqual(['Bierbrezel', 'Käsespätzle']);
  });

  it('finds by part of an EAN', () => {
    expect(names('010265')).toEqual(['Minibar Bier 0,33 l']);
  });

  it('matches every word of a query in any order', () => {
    expect(names('bier 0,33 minibar')).toEqual(['Minibar Bier 0,33 l']);
  });

  it('lists everything for an empty query, alphabetically, narrowed by a group', () => {
    expect(names('').length).toBe(PRODUCTS.length);
    const kitchen = search(index, '', 10, (p) => p.commodity_group_id === 3);
    expect(kitchen.matches.map((p) => p.name)).toEqual(['Bierbrezel', 'Käsespätzle']);
  });

  it('caps the matches but counts them all', () => {
    const result = search(index, 'bier', 2);
    expect(result.matches.map((p) => p.name)).toEqual(['Bierbrezel', 'Alkoholfreies Bier 0,33 l']);
    expect(result.total).toBe(4);
  });

  it('finds exactly the product a barcode scanner typed, by EAN or article number', () => {
    expect(findByCode(index, '4012345010005')?.name).toBe('Pils 0,3 l');
    expect(findByCode(index, ' k-301 ')?.name).toBe('Käsespätzle');
    expect(findByCode(index, '401234501000')).toBeUndefined();
    expect(findByCode(index, '')).toBeUndefined();
  });

  it('searches 10,000 products, capping the matches it returns (its speed is measured in bench/ui)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      item(i + 1, `Artikel ${i} ${['Bier', 'Wein', 'Saft', 'Kaffee'][i % 4]}`, `A-${i}`),
    );
    const big = buildSearchIndex(many);
    const wine = search(big, 'wein', 200);
    expect(wine.total).toBe(2500);
    expect(wine.matches).toHaveLength(200);
    expect(wine.matches.every((found) => found.name.endsWith('Wein'))).toBe(true);
    expect(search(big, 'a-9999', 200).matches[0]?.name).toBe('Artikel 9999 Kaffee');
  });
});

describe('a searcher for someone typing', () => {
  /** 3,000 products from a few syllables, numbers and codes, so prefixes match many and few. */
  const syllables = ['weiß', 'bier', 'käse', 'spätz', 'alpen', 'gin', 'tee', 'pils', 'z-47', 'soda'];
  const many: Product[] = [];
  for (let id = 1; id <= 3000; id++) {
    const word = (n: number) => syllables[(id * n + n) % syllables.length]!;
    many.push(
      item(
        id,
        `${word(3)}${word(7)} ${word(11)} 0,${id % 7} l`,
        `${word(5)}-${id}`,
        id % 4 ? '' : `40${id}`,
        (id % 3) + 1,
      ),
    );
  }
  const bigIndex = buildSearchIndex(many);
  /** Every prefix of each word typed, then backspaced: what bench/ui types. */
  const typed = ['weissbier 0,5', 'käsesp', 'z-4711', 'alpen gin', 'tee', 'B-1', '4012'].flatMap((word) => [
    ...Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)),
    ...Array.from({ length: word.length }, (_, i) => word.slice(0, word.length - 1 - i)),
  ]);

  it('answers each keystroke exactly as a whole search does, in every group and with any limit', () => {
    const find = createSearcher(bigIndex);
    const group2 = { key: 'group 2', accept: (p: Product) => p.commodity_group_id === 2 };
    let compared = 0;
    for (const [n, query] of typed.entries()) {
      const limit = n % 3 === 0 ? 24 : 120;
      for (const filter of [undefined, group2]) {
        const expected = search(bigIndex, query, limit, filter?.accept);
        const got = find(query, limit, filter);
        expect(got.total, `${query} ${filter?.key ?? ''}`).toBe(expected.total);
        expect(got.matches.map((p) => p.id)).toEqual(expected.matches.map((p) => p.id));
        compared += expected.total;
      }
    }
    expect(compared).toBeGreaterThan(10_000); // the queries match many products, not none
  });

  it('answers the same after searching every first keystroke ahead, and a query asked again from memory', () => {
    const find = createSearcher(bigIndex);
    const ahead = new Map(FIRST_KEYSTROKES.map((query) => [query, find(query, 120)]));
    for (const query of [...typed, ...typed]) {
      const expected = search(bigIndex, query, 120);
      const got = find(query, 120);
      expect(got.total, query).toBe(expected.total);
      expect(got.matches.map((p) => p.id)).toEqual(expected.matches.map((p) => p.id));
    }
    // the first keystrokes were answered ahead: typing one of them scans nothing, whatever came between
    expect(find('w', 120)).toBe(ahead.get('w'));
    expect(find('4', 120)).toBe(ahead.get('4'));
    expect(find('', 120)).toBe(ahead.get(''));
    // at another limit, or in a group, it searches again
    expect(find('w', 24)).not.toBe(ahead.get('w'));
    expect(find('w', 24).matches.map((p) => p.id)).toEqual(
      search(bigIndex, 'w', 24).matches.map((p) => p.id),
    );
    const inGroup = { key: 'group 1', accept: (p: Product) => p.commodity_group_id === 1 };
    expect(find('w', 120, inGroup).total).toBe(search(bigIndex, 'w', 120, inGroup.accept).total);
  });
});
