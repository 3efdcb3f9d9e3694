// Entry point of the page. Owns: mounting the router and shell, and keeping <html lang> in step
// with the UI language.
import './app.css';
import { Router } from '@solidjs/router';
import { createEffect } from 'solid-js';
import { render } from 'solid-js/web';
import { language } from './i18n';
import { ROUTES } from './routes';
import { Shell } from './Shell';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

render(() => {
  createEffect(() => {
    document.documentElement.lang = language();
  });
  return <Router root={Shell}>{ROUTES}</Router>;
}, root);
