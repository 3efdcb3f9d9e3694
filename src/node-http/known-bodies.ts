// The bodies of Requests and Responses this process made itself, remembered by object, so the
// in-process hop between the gateway and the embedded test hotel hands bytes over instead of
// pushing them through a Web stream and reading them back (measured: the gateway's largest cost
// after the two Hono dispatches). Only the very object the bytes were registered with answers; a
// copied or rebuilt message, or one from a socket or a real fetch(), is read the standard way.
const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();

/** Records `body` as the body of `message` (a Request or Response just made with it). */
export function withKnownBody<T extends object>(message: T, body: Uint8Array<ArrayBuffer>): T {
  bodies.set(message, body);
  return message;
}

/** The body `message` was made with, when this process made it and said so. */
export function knownBody(message: object): Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(message);
}

const encoder = new TextEncoder();

/** A JSON value as UTF-8 bytes. */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify(value));
}
