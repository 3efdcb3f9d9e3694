// Dialogs whose code and texts are not part of the first screen: they load in the background once the first
// screen is up (so a tap opens them at once), or on the first opening if that comes sooner; the
// service worker has it precached, so this works offline too. Owns: the Suspense boundary that
// keeps the view on screen while a dialog's code loads, and keeping a dialog mounted once it has
// opened (it resets itself on each opening; see Dialog.tsx and fresh-submission.ts).
import { type Component, createMemo, type JSX, lazy, Show, Suspense } from 'solid-js';
import { afterFirstScreen } from '../../features/catalogue';
import { type Feature, withTexts } from '../../words/i18n';

/**
 * A lazy component from a module's named export, loaded after the first screen with the texts of
 * `features` (words/i18n.ts withTexts).
 * @example const ProductForm = lazyDialog(['catalogue'], () => import('../catalogue/ProductForm').then((m) => m.ProductForm));
 */
export function lazyDialog<P extends object>(
  features: Feature[],
  load: () => Promise<Component<P>>,
): Component<P> {
  const component = lazy(() => withTexts(features, load).then((loaded) => ({ default: loaded })));
  void afterFirstScreen()
    .then(() => component.preload())
    .catch(() => undefined); // loaded again, with its error shown, when opened
  return component;
}

/**
 * Renders `children` from the first time `open` is true on.
 * @example <OpenedOnce open={open()}><ProductForm open={open()} /></OpenedOnce>
 */
export function OpenedOnce(props: { open: boolean; children: JSX.Element }) {
  const opened = createMemo((was: boolean) => was || props.open, false);
  return (
    <Suspense>
      <Show when={opened()}>{props.children}</Show>
    </Suspense>
  );
}
