// The kitchen screen's view of an outlet (GET /till/kitchen/cards and its live channel): the cards
// of shared/kitchen-cards.ts with the table's and course's names, open ones oldest first, the last
// bumped ones newest first. Keeps, per outlet, when each held course was fired (read from the log
// after the position it reached: the fold keeps only that it was), so a fired course's age starts
// at its fire.
import type { KitchenView, KitchenViewCard } from '../../pms/kitchen-calls.ts';
import { type KitchenCard, kitchenCards } from '../../shared/kitchen-cards.ts';
import type { TableStore } from './table-store.ts';

/** Bumped cards the view still lists, to call one back to mind. */
export const DONE_KEPT = 20;

export type KitchenViews = ReturnType<typeof createKitchenViews>;

export function createKitchenViews(store: TableStore, now: () => number = Date.now) {
  const fires = new Map<string, { revision: number; at: Map<string, number[]> }>();

  /** Fire times by `tableId:course`, brought up to the outlet's log. */
  function fireTimes(outlet: string): Map<string, number[]> {
    const kept = fires.get(outlet) ?? { revision: 0, at: new Map<string, number[]>() };
    for (const op of store.opsSince(outlet, kept.revision)) {
      kept.revision = Math.max(kept.revision, op.rev);
      if (op.body.kind !== 'fire') continue;
      const key = `${op.body.tableId}:${op.body.course}`;
      kept.at.set(key, [...(kept.at.get(key) ?? []), op.at]);
    }
    fires.set(outlet, kept);
    return kept.at;
  }

  /** The cards of `outlet` as the kitchen sees them. */
  function cardsOf(outlet: string): { cards: KitchenViewCard[]; revision: number } {
    const { floor, revision } = store.floor(outlet);
    const courses = store.courses(outlet);
    const fired = fireTimes(outlet);
    const names = new Map(
      store
        .plan(outlet)
        .flatMap((area) => area.tables)
        .map((table) => [table.tableId, table.name]),
    );
    const firedAt = (tableId: string, course: number) => {
      const since = floor.tables.get(tableId)?.openedAt ?? 0;
      const times = (fired.get(`${tableId}:${course}`) ?? []).filter((at) => at >= since);
      return times.length > 0 ? Math.min(...times) : null;
    };
    const named = (card: KitchenCard): KitchenViewCard => {
      const tabName = floor.tables.get(card.tableId)?.tabName ?? '';
      return {
        ...card,
        tableName: names.get(card.tableId) ?? (tabName || card.tableId),
        tab: !names.has(card.tableId),
        courseName: courses[card.course]?.name ?? String(card.course),
      };
    };
    return { cards: kitchenCards(floor, courses, firedAt).map(named), revision };
  }

  return {
    cardsOf,

    /** The whole view of `outlet` now. */
    view(outlet: string): KitchenView {
      const { cards, revision } = cardsOf(outlet);
      return {
        revision,
        serverNow: now(),
        open: cards.filter((card) => !card.bumped),
        done: cards
          .filter((card) => card.bumped)
          .sort((a, b) => (b.bumpedAt ?? 0) - (a.bumpedAt ?? 0))
          .slice(0, DONE_KEPT),
      };
    },
  };
}
