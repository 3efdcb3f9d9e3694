// On the pairing screen: how many sales wait on this tablet, that none is lost, and Export, which
// saves them all as one JSON file (router action `exportUnsentAction`; nothing in the outbox changes).
import { createAsync, useAction, useSubmission } from '@solidjs/router';
import { Show } from 'solid-js';
import { t } from '../../words/i18n';
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
  const countText = () =>
    count() === 0 ? t('pairing.unsent.none') : t('pairing.unsent.waiting', { count: count() });
  return (
    <section class="desk-panel unsent-sales" data-testid="unsent-sales" data-count={count()}>
      <h2>{countText()}</h2>
      <Show when={count() > 0}>
        <p class="desk-muted">{t('pairing.unsent.kept')}</p>
        <button type="button" onClick={save} disabled={submission.pending}>
          {submission.pending ? t('pairing.unsent.exporting') : t('pairing.unsent.export')}
        </button>
        <Show when={submission.result}>
          {(file) => <p role="status">{t('pairing.unsent.exported', { file: file().fileName })}</p>}
        </Show>
        <Show when={submission.error}>
          <p class="form-error" role="alert">
            {t('pairing.unsent.failed')}
          </p>
        </Show>
      </Show>
    </section>
  );
}
