// The report's card terminal panel (issue 25): tips charged on cards this shift (not revenue, owed
// to staff), and the terminal's end-of-day set beside the sales ledger's card payments on that
// terminal (and the terminal service's own rows). Shown where a terminal serves this tablet, or when there were card tips.
import { createResource, createSignal, Show } from 'solid-js';
import { cardTerminal, terminalEndOfDay } from '../../features/payment';
import type { CardEndOfDay } from '../../pms/card-calls';
import type { Amount } from '../../rules/shift-totals';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function CardTerminalTable(props: { tips: Amount }) {
  const [terminal] = createResource(cardTerminal);
  const [result, setResult] = createSignal<CardEndOfDay>();
  const [problem, setProblem] = createSignal<string>();
  const [running, setRunning] = createSignal(false);
  const closeDay = async () => {
    setRunning(true);
    setProblem(undefined);
    try {
      const day = await terminalEndOfDay(t('card.report.endOfDay'));
      if (day) setResult(day);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Show when={terminal() || props.tips.count > 0}>
      <section class="desk-panel report-table" data-testid="report-card-terminal">
        <h2>{t('card.report.title')}</h2>
        <p>
          {t('card.report.tips')}:{' '}
          <strong data-testid="report-card-tips">{formatCents(props.tips.cents)}</strong> ({props.tips.count})
        </p>
        <Show when={terminal()}>
          <button type="button" disabled={running()} onClick={closeDay}>
            {running() ? t('card.report.running') : t('card.report.endOfDay')}
          </button>
        </Show>
        <Show when={result()}>
          {(day) => (
            <dl data-testid="report-card-end-of-day">
              <dt>{t('card.report.terminalTotal')}</dt>
              <dd>{formatCents(day().terminalTotalCents)}</dd>
              <Show when={day().ledgerTotalCents !== undefined}>
                <dt>{t('card.report.ledgerTotal', { count: day().ledgerCount ?? 0 })}</dt>
                <dd data-testid="report-card-ledger-total">{formatCents(day().ledgerTotalCents ?? 0)}</dd>
                <dt>{t('card.report.ledgerTips')}</dt>
                <dd data-testid="report-card-ledger-tips">{formatCents(day().ledgerTipsCents ?? 0)}</dd>
              </Show>
              <dt>{t('card.report.tillTotal', { count: day().tillCount })}</dt>
              <dd>{formatCents(day().tillTotalCents)}</dd>
              <dd role="status">
                {day().differenceCents === 0
                  ? t('card.report.match')
                  : t('card.report.mismatch', { amount: formatCents(day().differenceCents) })}
              </dd>
            </dl>
          )}
        </Show>
        <Show when={problem()}>
          <p class="form-error" role="alert">
            {problem()}
          </p>
        </Show>
      </section>
    </Show>
  );
}
