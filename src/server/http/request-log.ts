// One log line per request, written when the answer is ready: method, path (never the query
// string, which can carry a pairing code or a guest's name), status, milliseconds, the paired
// device's id and the till's request id. No header values otherwise and no bodies (log.ts).
// 5xx answers are logged as warnings, everything else as info.
import type { MiddlewareHandler } from 'hono';
import { requestHeader } from '../../node-http/headers.ts';
import type { Logger } from '../../node-http/log.ts';
import { REQUEST_ID_HEADER } from '../../pms/http.ts';
import { deviceOf } from '../hub/device-routes.ts';

/** The longest request id logged as it is; the till's are 36 characters. */
const MAX_ID_LENGTH = 64;

/** What one request's line holds (besides pino's level, time, pid and hostname). */
export interface RequestLine {
  method: string;
  path: string;
  status: number;
  ms: number;
  device?: string;
  requestId?: string;
}

/**
 * Logs every request that passes through, after it is answered.
 * @example app.use('*', requestLog(logger));
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  const log = logger.child({ component: 'http' });
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      const line: RequestLine = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      const device = deviceOf(c)?.id;
      if (device) line.device = device;
      const requestId = requestHeader(c, REQUEST_ID_HEADER);
      if (requestId) line.requestId = requestId.slice(0, MAX_ID_LENGTH);
      if (status >= 500) log.warn(line, 'request');
      else log.info(line, 'request');
    }
  };
}
