// autocannon setupRequest for bench/pms.bench.ts's gateway loads: every send carries a fresh
// x-till-request-id, as every till request does (the gateway refuses requests without one). For the
// gateway's writes, BENCH_PMS_WRITES names a JSON file of [{sale, body}]: each send takes the next,
// naming its recorded sale in x-till-sale (the gateway forwards only writes of recorded sales) with
// its own body. A file, not a function: autocannon's worker thread loads it by path.
const { randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');

const writes = process.env.BENCH_PMS_WRITES
  ? JSON.parse(readFileSync(process.env.BENCH_PMS_WRITES, 'utf8'))
  : undefined;
let next = 0;

module.exports = (request) => {
  request.headers = { ...request.headers, 'x-till-request-id': randomUUID() };
  if (writes) {
    const write = writes[next++ % writes.length];
    request.headers['x-till-sale'] = write.sale;
    request.body = JSON.stringify(write.body);
  }
  return request;
};
