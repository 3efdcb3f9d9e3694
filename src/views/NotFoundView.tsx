// Shown for any URL that is not a section of the till.
import { A } from '@solidjs/router';
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import { t } from '../words/i18n';

export default function NotFoundView() {
  onMount(noteFirstScreen);
  return (
    <section class="view">
      <h1>{t('notFound.title')}</h1>
      <A class="button" href="/">
        {t('notFound.back')}
      </A>
    </section>
  );
}
