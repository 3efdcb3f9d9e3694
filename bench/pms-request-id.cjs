// autocannon setupRequest for bench/pms.bench.ts's gateway writes: every send carries a fresh
// x-till-request-id, as every till write does, so the gateway's resend guard records each answer
// as it would for a tablet. A file, not a function: autocannon's worker thread loads it by path.
const { randomUUID } = require('node:crypto');

module.exports = (request) => {
  request.headers = { ...request.headers, 'x-till-request-id': randomUUID() };
  return request;
};
