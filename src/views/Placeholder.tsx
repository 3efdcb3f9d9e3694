// Frame for views that are not built yet. Owns: the view heading and the "coming soon" note.
import type { JSX } from 'solid-js';
import { type MessageKey, t } from '../app/i18n';

export function Placeholder(props: { titleKey: MessageKey; children?: JSX.Element }) {
  return (
    <section class="view">
      <h1>{t(props.titleKey)}</h1>
      <p class="view-note">{t('view.comingSoon')}</p>
      {props.children}
    </section>
  );
}
