// The main navigation. Owns: one large touch target per section, marking the current one.
import { A } from '@solidjs/router';
import { For } from 'solid-js';
import { t } from '../words/i18n';
import { SECTIONS } from './routes';

export function NavBar() {
  return (
    <nav class="nav-bar" aria-label={t('nav.label')}>
      <ul>
        <For each={SECTIONS}>
          {(section) => (
            <li>
              <A href={section.path} end={section.path === '/'}>
                {t(section.titleKey)}
              </A>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
