// autocannon setupRequest for bench/pms.bench.ts's gateway loads: every send carries a fresh
// x-till-request-id, as every till request does (the gateway refuses requests without one), so the
// gateway's resend guard records each write's answer as it would for a tablet. A file, not a function: autocannon's worker thread loads it by path.
const { randomUUID } = require('node:crypto');

module.exports = (request) => {
  request.headers = { ...request.headers, 'x-till-request-id': randomUUID() };
  return request;
};
