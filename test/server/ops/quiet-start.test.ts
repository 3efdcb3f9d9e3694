// A quiet start on a terminal (issue 34, item 7): the log waits until main.ts has printed what IT
// needs to read, then follows one line each, without the lines of requests answered below 400
// (LOG_LEVEL debug shows them).
import { describe, expect, it } from 'vitest';
import { terminalDestination } from '../../../src/node-http/log.ts';

const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: 1, ...fields })}\n`;
const REQUEST_OK = line({
  component: 'http',
  method: 'GET',
  path: '/assets/a.js',
  status: 200,
  ms: 1,
  msg: 'request',
});
const REDIRECT = line({ component: 'http', method: 'GET', path: '/', status: 308, msg: 'request' });
const REQUEST_FAILED = line({
  level: 40,
  component: 'http',
  method: 'POST',
  path: '/api/x',
  status: 503,
  msg: 'request',
});
const AUDIT = line({ audit: { kind: 'staff_added' }, msg: 'audit staff_added' });

describe('the terminal log', () => {
  it('holds every line until released, then writes them in order, leaving out answered requests', () => {
    const written: string[] = [];
    const terminal = terminalDestination({ write: (text) => written.push(text) }, { showRequests: false });
    for (const text of [AUDIT, REQUEST_OK, REDIRECT, REQUEST_FAILED]) terminal.stream.write(text);
    expect(written).toEqual([]);
    terminal.release();
    expect(written).toEqual([AUDIT, REQUEST_FAILED]);
    terminal.stream.write(REQUEST_OK);
    terminal.stream.write(AUDIT);
    expect(written).toEqual([AUDIT, REQUEST_FAILED, AUDIT]);
  });

  it('shows every request with LOG_LEVEL debug', () => {
    const written: string[] = [];
    const terminal = terminalDestination({ write: (text) => written.push(text) }, { showRequests: true });
    terminal.release();
    terminal.stream.write(REQUEST_OK);
    expect(written).toEqual([REQUEST_OK]);
  });

  it('lets the log out by itself when nobody releases it', async () => {
    const written: string[] = [];
    const terminal = terminalDestination(
      { write: (text) => written.push(text) },
      { showRequests: false, holdMs: 20 },
    );
    terminal.stream.write(AUDIT);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(written).toEqual([AUDIT]);
  });
});
