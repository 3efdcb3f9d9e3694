// Pairs a browser context with a running till server the way a manager and a tablet do it: the
// server's hub makes a one-time code, and the tablet (the context's own request client, which
// shares the browser's cookies) sends it to POST /till/pair and keeps the device cookie.
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { Device, Hub } from '../../src/server/hub/hub.ts';

/**
 * Pairs `context` with the server at `origin`; resolves with the device the server recorded.
 * @example await pairContext(context, server); await page.goto(server.url);
 */
export async function pairContext(
  context: BrowserContext,
  server: { url: string; hub: Hub },
  options: { origin?: string; outlet?: Device['outlet']; name?: string } = {},
): Promise<Device> {
  const { code } = server.hub.createPairingCode({
    outlet: options.outlet ?? 'bar',
    name: options.name ?? 'Test tablet',
  });
  const answer = await context.request.post(`${options.origin ?? server.url}/till/pair`, {
    headers: { 'content-type': 'application/json', 'x-till-request-id': randomUUID() },
    data: { code },
  });
  if (!answer.ok()) throw new Error(`pairing failed: ${answer.status()} ${await answer.text()}`);
  const { device } = (await answer.json()) as { device: { id: string } };
  return server.hub.listDevices().find((listed) => listed.id === device.id)!;
}
