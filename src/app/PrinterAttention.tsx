// The header's printer attention: while a printer at this outlet cannot print (not reachable,
// cover open, paper out) or a slip may not have printed, a badge in the warning colour says which
// and why ("Bar receipts: paper out"), as loud as sales needing attention, on every screen. A tap
// lists its waiting jobs, each of which staff may give up. Watches the printers while mounted
// (features/payment/printing.ts) and prints slips in the UI language. Loaded after the first screen.
import { createEffect, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { giveUpJob, printStatus, setPrintLanguage, watchPrinters } from '../features/payment';
import type { PrinterAttention as Attention } from '../pms/print-calls';
import { Dialog } from '../views/common/Dialog';
import { language, t } from '../words/i18n';

export function PrinterAttention() {
  const [open, setOpen] = createSignal<string | null>(null);
  onMount(() => onCleanup(watchPrinters()));
  createEffect(() => setPrintLanguage(language() === 'de' ? 'de' : 'en'));
  const attention = () => printStatus()?.attention ?? [];
  const shown = () => attention().find((item) => item.printerId === open());
  return (
    <>
      <For each={attention()}>
        {(item) => (
          <button
            type="button"
            class="attention-count printer-attention"
            data-testid="printer-attention"
            data-problem={item.problem}
            onClick={() => setOpen(item.printerId)}
          >
            {t('printer.attention', {
              printer: item.printerName,
              problem: t(`printer.problem.${item.problem}`),
            })}
          </button>
        )}
      </For>
      <Dialog
        open={shown() !== undefined}
        title={t('printer.jobsTitle', { printer: shown()?.printerName ?? '' })}
        onClose={() => setOpen(null)}
      >
        <Show when={shown()}>{(item) => <JobList item={item()} />}</Show>
      </Dialog>
    </>
  );
}

function JobList(props: { item: Attention }) {
  return (
    <ul class="printer-jobs">
      <For each={props.item.jobs}>
        {(job) => (
          <li data-job={job.id}>
            <span>
              {job.title} · {job.state === 'unsure' ? t('printer.jobHeld') : t('printer.jobWaiting')}
            </span>
            <button type="button" class="danger" onClick={() => void giveUpJob(job.id)}>
              {t('printer.giveUp')}
            </button>
          </li>
        )}
      </For>
    </ul>
  );
}
