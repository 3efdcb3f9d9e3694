// Splitting the bill on the pay screen: the whole ticket, the lines (and how many of each) this
// guest pays, a seat's lines (a table's bill), or equal parts (2–10). Owns only the choice; the part it makes is rules/split.ts's,
// and each part is paid as its own sale while the rest stays on the ticket.
import { For, Match, Show, Switch } from 'solid-js';
import type { SeatPart } from '../../features/tables';
import { MAX_PARTS, MIN_PARTS, type Split } from '../../rules/split';
import type { TicketLine } from '../../rules/ticket-lines';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { LabelledGroup } from '../common/LabelledGroup';

const MODES = [
  { mode: 'whole', key: 'split.whole' },
  { mode: 'lines', key: 'split.lines' },
  { mode: 'equal', key: 'split.equal' },
] as const;

export function SplitChoice(props: {
  lines: readonly TicketLine[];
  /** A table's bill: each seat's lines, taken as one part by lines. */
  seats: readonly SeatPart[];
  split: Split;
  onSplit: (split: Split) => void;
}) {
  const start = (mode: Split['mode']) =>
    props.onSplit(
      mode === 'lines'
        ? { mode, picks: new Map() }
        : mode === 'equal'
          ? { mode, parts: MIN_PARTS }
          : { mode },
    );
  const picked = (key: string) => (props.split.mode === 'lines' ? (props.split.picks.get(key) ?? 0) : 0);
  const pick = (line: TicketLine, quantity: number) => {
    if (props.split.mode !== 'lines') return;
    const picks = new Map(props.split.picks);
    picks.set(line.key, Math.min(line.quantity, Math.max(0, quantity)));
    props.onSplit({ mode: 'lines', picks });
  };
  /** The seat whose lines are exactly the part picked. */
  const isSeat = (part: SeatPart) =>
    props.split.mode === 'lines' &&
    [...props.split.picks].filter(([, quantity]) => quantity > 0).length === part.picks.size &&
    [...part.picks].every(([key, quantity]) => picked(key) === quantity);
  const parts = () => (props.split.mode === 'equal' ? props.split.parts : MIN_PARTS);
  const setParts = (count: number) =>
    props.onSplit({ mode: 'equal', parts: Math.min(MAX_PARTS, Math.max(MIN_PARTS, count)) });
  return (
    <LabelledGroup class="split-choice" label={t('split.label')}>
      <div class="split-modes">
        <For each={MODES}>
          {(entry) => (
            <button
              type="button"
              aria-pressed={props.split.mode === entry.mode}
              onClick={() => start(entry.mode)}
            >
              {t(entry.key)}
            </button>
          )}
        </For>
      </div>
      <Show when={props.seats.length > 0}>
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's legend is laid out taller in WebKit (LabelledGroup) */}
        <div class="split-seats" role="group" aria-label={t('split.bySeat')}>
          <For each={props.seats}>
            {(part) => (
              <button
                type="button"
                aria-pressed={isSeat(part)}
                onClick={() => props.onSplit({ mode: 'lines', picks: new Map(part.picks) })}
              >
                {t('split.seat', { seat: part.seat, amount: formatCents(part.cents) })}
              </button>
            )}
          </For>
        </div>
      </Show>
      <Switch>
        <Match when={props.split.mode === 'lines'}>
          <ul class="split-lines" aria-label={t('split.pickLines')}>
            <For each={props.lines}>
              {(line) => (
                <li classList={{ picked: picked(line.key) > 0 }}>
                  <span class="split-line-name">
                    {line.quantity} × {line.name} <small>{formatCents(line.unitPriceCents)}</small>
                  </span>
                  <button
                    type="button"
                    aria-label={t('split.less', { name: line.name })}
                    disabled={picked(line.key) === 0}
                    onClick={() => pick(line, picked(line.key) - 1)}
                  >
                    −
                  </button>
                  <output aria-label={t('split.take', { name: line.name })}>{picked(line.key)}</output>
                  <button
                    type="button"
                    aria-label={t('split.oneMore', { name: line.name })}
                    disabled={picked(line.key) >= line.quantity}
                    onClick={() => pick(line, picked(line.key) + 1)}
                  >
                    +
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Match>
        <Match when={props.split.mode === 'equal'}>
          <div class="split-parts">
            <button
              type="button"
              aria-label={t('split.fewer')}
              disabled={parts() <= MIN_PARTS}
              onClick={() => setParts(parts() - 1)}
            >
              −
            </button>
            <output data-testid="split-parts">{t('split.parts', { count: parts() })}</output>
            <button
              type="button"
              aria-label={t('split.more')}
              disabled={parts() >= MAX_PARTS}
              onClick={() => setParts(parts() + 1)}
            >
              +
            </button>
          </div>
        </Match>
      </Switch>
    </LabelledGroup>
  );
}
