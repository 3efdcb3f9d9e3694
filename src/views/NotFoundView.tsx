// Shown for any URL that is not a section of the till.
import { A } from '@solidjs/router';
import { t } from '../app/i18n';

export default function NotFoundView() {
  return (
    <section class="view">
      <h1>{t('notFound.title')}</h1>
      <A class="button" href="/">
        {t('notFound.back')}
      </A>
    </section>
  );
}
