// Closing the shift. A first tap asks; when sales of the shift are not confirmed by the PMS yet it
// warns and lists them (they keep syncing after the close: nothing is lost) with a way to the sync
// view, and only "Close shift anyway" closes then, after a manager's approval where the server has
// staff (features/report/shift.ts asks). The closed shift is stored on this tablet.
import { createSignal, createUniqueId, Show } from 'solid-js';
import type { ShiftReport } from '../../features/report';
import { clockTime } from '../../words/calendar';
import { t } from '../../words/i18n';
import { useSubmitter } from '../common/submit';
import { CloseWarning } from './CloseWarning';
import { closeShiftAction } from './data';

export function CloseShift(props: { report: ShiftReport }) {
  const headingId = createUniqueId();
  const [asking, setAsking] = createSignal(false);
  const { submission, submit } = useSubmitter(closeShiftAction);
  const outcome = (): { tone: 'ok' | 'error'; text: string } | undefined => {
    if (submission.error) return { tone: 'error', text: t('report.closeFailed') };
    const record = submission.result;
    return record
      ? { tone: 'ok', text: t('report.closed', { time: clockTime(record.closedAt) }) }
      : undefined;
  };
  const open = () => props.report.unconfirmed;
  const close = async () => {
    const done = await submit(props.report, t('lock.approval.close_shift'));
    if (done && !submission.result) return; // not approved: the shift stays open, still asking
    setAsking(false);
  };
  return (
    <section class="desk-panel report-close" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('report.close')}</h2>
      <Show when={outcome()}>
        {(shown) => (
          <p class="desk-notice" data-tone={shown().tone} role="status">
            {shown().text}
          </p>
        )}
      </Show>
      <Show
        when={asking()}
        fallback={
          <button
            type="button"
            class="primary"
            onClick={() => {
              submission.clear?.();
              setAsking(true);
            }}
          >
            {t('report.close')}
          </button>
        }
      >
        <Show when={open().length > 0} fallback={<p>{t('report.closeQuestion')}</p>}>
          <CloseWarning sales={open()} />
        </Show>
        <div class="desk-actions">
          <button type="button" class="primary" disabled={submission.pending} onClick={() => void close()}>
            {open().length > 0 ? t('report.closeAnyway') : t('report.closeYes')}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            {t('report.closeCancel')}
          </button>
        </div>
      </Show>
    </section>
  );
}
