// Entry point of the page. Owns: loading the UI language's texts before the first render (and,
// alongside, the code of the view the URL asks for and the cached catalogue, which every selling
// screen shows first), mounting the router and shell, and keeping <html lang> in step with the UI
// language.
import './app.css';
import { Router } from '@solidjs/router';
import { createEffect } from 'solid-js';
import { render } from 'solid-js/web';
import { loadCatalogue } from '../state/catalogue';
import { language, loadLanguage } from './i18n';
import { preloadView, ROUTES } from './routes';
import { Shell } from './Shell';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function mount(element: HTMLElement): void {
  render(() => {
    createEffect(() => {
      document.documentElement.lang = language();
    });
    return <Router root={Shell}>{ROUTES}</Router>;
  }, element);
}

preloadView(location.pathname);
void loadCatalogue(); // opening IndexedDB and reading thousands of products overlaps the texts' load
loadLanguage()
  .catch((error: unknown) => console.error('[i18n] could not load the texts', error))
  .finally(() => mount(root));
