// The worker's half of the update prompt. Owns: reacting to the page's "activate the new version
// now" message (sent by workbox-window's messageSkipWaiting() when the cashier taps "Update").

declare const self: ServiceWorkerGlobalScope;

/** Message the page posts to a waiting worker; the shape is fixed by workbox-window. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

function isSkipWaitingMessage(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING_MESSAGE.type
  );
}

/** Lets a waiting worker activate when, and only when, the page asks for it. */
export function listenForSkipWaiting(): void {
  self.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) event.waitUntil(self.skipWaiting());
  });
}
