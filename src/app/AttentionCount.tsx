// The header's needs-attention count: while any sale needs staff (refused by the PMS, or its outcome
// unclear), a badge in the warning colour says how many, on every screen; one tap opens the sync
// view at its needs-attention list. Hidden while none does; loaded after the first screen.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import { createSyncIndicator } from '../features/sync';
import { t } from '../words/i18n';

/** The sync view's needs-attention section (views/sync/SyncPage.tsx scrolls to it). */
export const ATTENTION_HREF = '/sync#needs-attention';

export function AttentionCount() {
  const sync = createSyncIndicator();
  return (
    <Show when={sync().needsAttention > 0}>
      <A
        href={ATTENTION_HREF}
        class="attention-count"
        data-testid="attention-count"
        data-count={sync().needsAttention}
        title={t('followUp.attentionOpen')}
      >
        {t('followUp.attentionCount', { count: sync().needsAttention })}
      </A>
    </Show>
  );
}
