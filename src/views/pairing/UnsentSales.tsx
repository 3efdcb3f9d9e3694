// On the pairing screen: how many sales wait on this tablet, that none is lost, and Export, which
// saves them all as one JSON file (router action `exportUnsentAction`; nothing in the outbox changes).
import { createAsync, useAction, useSubmission } from '@solidjs/router';
import { Show } from 'solid-js';
import { w, wCount } from '../../words/pairing/index';
import { exportUnsentAction, getUnsentSales } from './data';
import { saveFile } from './download';

export function UnsentSales() {
  const sales = createAsync(() => getUnsentSales());
  const exportFile = useAction(exportUnsentAction);
  const submission = useSubmission(exportUnsentAction);
  const count = () => sales()?.length ?? 0;
  const save = async () => {
    try {
      const file = await exportFile();
      saveFile(file.fileName, file.text, 'application/json');
    } catch {
      // shown from submission.error below
    }
  };
  const countText = () => (count() === 0 ? w('unsent.none') : wCount('unsent.waiting', count()));
  return (
    <section class="desk-panel unsent-sales" data-testid="unsent-sales" data-count={count()}>
      <h2>{countText()}</h2>
      <Show when={count() > 0}>
        <p class="desk-muted">{w('unsent.kept')}</p>
        <button type="button" onClick={save} disabled={submission.pending}>
          {submission.pending ? w('unsent.exporting') : w('unsent.export')}
        </button>
        <Show when={submission.result}>
          {(file) => <p role="status">{w('unsent.exported', { file: file().fileName })}</p>}
        </Show>
        <Show when={submission.error}>
          <p class="form-error" role="alert">
            {w('unsent.failed')}
          </p>
        </Show>
      </Show>
    </section>
  );
}
