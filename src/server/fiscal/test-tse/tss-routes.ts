// The test TSE's TSS life cycle (create with the PUK shown once, UNINITIALIZED, INITIALIZED,
// DISABLED), the admin PIN and PUK (each locked after MAX_ADMIN_FAILURES wrong tries) and clients.
import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { Hono } from 'hono';
import { crypto } from '../../tls/certificate-authority.ts';
import { tseSerial } from '../de/log-message.ts';
import { jsonBody, TEST_TSE_VERSION, type TseContext, TseError, UUID } from './tse-context.ts';
import type { ClientRow, TssRow } from './tse-db.ts';

/** How many wrong PIN or PUK tries lock the admin (the README's figure). */
export const MAX_ADMIN_FAILURES = 5;
const CLIENT_SERIAL = /^[A-Za-z0-9 '()+,\-.:=?]{1,70}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function tssRoutes(ctx: TseContext): Hono {
  const {
    db,
    seconds,
    adminSessions,
    getTss,
    getClient,
    countClients,
    activeCount,
    tssOf,
    requireAdmin,
    requireUsable,
  } = ctx;
  const app = new Hono();
  const tssAnswer = (tss: TssRow, withPuk = false) => ({
    certificate: tss.certificate,
    serial_number: tseSerial(tss.public_key).toString('hex'),
    public_key: tss.public_key.toString('base64'),
    signature_algorithm: 'ecdsa-plain-SHA256',
    signature_timestamp_format: 'unixTime',
    transaction_data_encoding: 'UTF-8',
    max_number_registered_clients: 199,
    max_number_active_transactions: 2000,
    supported_update_variants: 'SIGNED',
    signature_counter: String(tss.signature_counter),
    transaction_counter: String(tss.transaction_counter),
    number_registered_clients: countClients.get(tss.id)!.n,
    number_active_transactions: activeCount.get(tss.id)!.n,
    description: tss.description,
    bsi_certification_id: 'TEST-TSE (no certification)',
    metadata: {},
    _id: tss.id,
    _type: 'TSS',
    _env: 'TEST',
    _version: TEST_TSE_VERSION,
    time_creation: tss.time_creation,
    time_update: tss.time_update,
    ...(tss.time_uninit === null ? {} : { time_uninit: tss.time_uninit }),
    ...(tss.time_init === null ? {} : { time_init: tss.time_init }),
    ...(tss.time_disable === null ? {} : { time_disable: tss.time_disable }),
    state: tss.state,
    ...(withPuk ? { admin_puk: tss.admin_puk } : {}),
  });

  app.put('/api/v2/tss/:tss_id', async (c) => {
    const id = c.req.param('tss_id');
    if (!UUID.test(id)) throw new TseError(400, 'E_VALIDATION', 'tss_id must be a UUID');
    if (getTss.get(id)) throw new TseError(409, 'E_TSS_CONFLICT', 'a TSS with this id exists');
    await jsonBody(c);
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', keys.publicKey));
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
    const at = seconds();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned(
      {
        serialNumber: randomBytes(8).toString('hex'),
        name: `CN=TEST-TSE ${tseSerial(publicKey).toString('hex').slice(0, 16)}, O=Hotel Till test TSE`,
        notBefore: new Date(at * 1000),
        notAfter: new Date((at + 5 * 365 * 86400) * 1000),
        keys,
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      },
      crypto,
    );
    const puk = randomBytes(8).toString('hex').toUpperCase().slice(0, 10);
    db.prepare(
      `INSERT INTO tss (id, state, description, private_key, public_key, certificate, admin_puk,
         time_creation, time_update) VALUES (?, 'CREATED', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      'TEST-TSE (Hotel Till test TSE, not certified)',
      pkcs8.toString('base64'),
      publicKey,
      Buffer.from(certificate.rawData).toString('base64'),
      puk,
      at,
      at,
    );
    return c.json(tssAnswer(getTss.get(id)!, true));
  });

  app.get('/api/v2/tss/:tss_id', (c) => c.json(tssAnswer(tssOf(c))));

  app.patch('/api/v2/tss/:tss_id', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    const next = body.state;
    requireUsable(tss);
    const allowed: Record<string, string[]> = {
      CREATED: ['UNINITIALIZED', 'DISABLED'],
      UNINITIALIZED: ['INITIALIZED', 'DISABLED'],
      INITIALIZED: ['DISABLED'],
    };
    if (typeof next !== 'string' || !(allowed[tss.state] ?? []).includes(next))
      throw new TseError(400, 'E_TSS_STATE_TRANSITION', `cannot go from ${tss.state} to ${String(next)}`);
    if (next === 'INITIALIZED' || next === 'DISABLED') requireAdmin(tss);
    const column = { UNINITIALIZED: 'time_uninit', INITIALIZED: 'time_init', DISABLED: 'time_disable' }[next];
    db.prepare(`UPDATE tss SET state = @next, time_update = @at, ${column} = @at WHERE id = @id`).run({
      next,
      at: seconds(),
      id: tss.id,
    });
    return c.json(tssAnswer(getTss.get(tss.id)!));
  });

  app.patch('/api/v2/tss/:tss_id/admin', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    if (tss.puk_failures >= MAX_ADMIN_FAILURES)
      throw new TseError(403, 'E_ACCESS_DENIED', 'the PUK is locked');
    if (typeof body.new_admin_pin !== 'string' || !/^.{6,}$/.test(body.new_admin_pin))
      throw new TseError(400, 'E_VALIDATION', 'new_admin_pin must have at least 6 characters');
    if (body.admin_puk !== tss.admin_puk) {
      db.prepare('UPDATE tss SET puk_failures = puk_failures + 1 WHERE id = ?').run(tss.id);
      throw new TseError(401, 'E_WRONG_PUK', 'wrong admin_puk');
    }
    db.prepare(
      'UPDATE tss SET admin_pin = ?, pin_failures = 0, puk_failures = 0, time_update = ? WHERE id = ?',
    ).run(sha256(body.new_admin_pin), seconds(), tss.id);
    return c.json({});
  });

  app.post('/api/v2/tss/:tss_id/admin/auth', async (c) => {
    const tss = tssOf(c);
    const body = await jsonBody(c);
    if (tss.pin_failures >= MAX_ADMIN_FAILURES)
      throw new TseError(403, 'E_ACCESS_DENIED', 'the admin PIN is locked: set a new one with the PUK');
    if (!tss.admin_pin || typeof body.admin_pin !== 'string' || sha256(body.admin_pin) !== tss.admin_pin) {
      db.prepare('UPDATE tss SET pin_failures = pin_failures + 1 WHERE id = ?').run(tss.id);
      throw new TseError(401, 'E_WRONG_PIN', 'wrong admin_pin');
    }
    db.prepare('UPDATE tss SET pin_failures = 0 WHERE id = ?').run(tss.id);
    adminSessions.set(tss.id, seconds() + 900);
    return c.json({});
  });

  app.post('/api/v2/tss/:tss_id/admin/logout', (c) => {
    adminSessions.delete(tssOf(c).id);
    return c.json({});
  });

  const clientAnswer = (client: ClientRow) => ({
    serial_number: client.serial_number,
    state: client.state,
    tss_id: client.tss_id,
    metadata: {},
    _id: client.id,
    _type: 'CLIENT',
    _env: 'TEST',
    _version: TEST_TSE_VERSION,
    time_creation: client.time_creation,
    time_update: client.time_update,
  });

  app.put('/api/v2/tss/:tss_id/client/:client_id', async (c) => {
    const tss = tssOf(c);
    requireUsable(tss);
    if (tss.state !== 'INITIALIZED')
      throw new TseError(400, 'E_TSS_NOT_INITIALIZED', 'initialize the TSS first');
    requireAdmin(tss);
    const id = c.req.param('client_id');
    const body = await jsonBody(c);
    if (!UUID.test(id)) throw new TseError(400, 'E_VALIDATION', 'client_id must be a UUID');
    if (typeof body.serial_number !== 'string' || !CLIENT_SERIAL.test(body.serial_number))
      throw new TseError(400, 'E_VALIDATION', 'serial_number: up to 70 characters, no / or _');
    const existing = getClient.get(tss.id, id);
    if (existing) {
      if (existing.serial_number === body.serial_number) return c.json(clientAnswer(existing));
      throw new TseError(409, 'E_CLIENT_CONFLICT', 'a client with this id exists');
    }
    try {
      const at = seconds();
      db.prepare(
        `INSERT INTO client (tss_id, id, serial_number, state, time_creation, time_update)
           VALUES (?, ?, ?, 'REGISTERED', ?, ?)`,
      ).run(tss.id, id, body.serial_number, at, at);
    } catch {
      throw new TseError(409, 'E_CLIENT_CONFLICT', 'the serial number is taken on this TSS');
    }
    return c.json(clientAnswer(getClient.get(tss.id, id)!));
  });

  // fiskaly's updateClient: only the state (REGISTERED <-> DEREGISTERED), with admin authentication.
  app.patch('/api/v2/tss/:tss_id/client/:client_id', async (c) => {
    const tss = tssOf(c);
    requireUsable(tss);
    const body = await jsonBody(c);
    const client = getClient.get(tss.id, c.req.param('client_id'));
    if (!client) throw new TseError(404, 'E_CLIENT_NOT_FOUND', 'no such client');
    if (body.state !== 'REGISTERED' && body.state !== 'DEREGISTERED')
      throw new TseError(400, 'E_VALIDATION', 'state must be REGISTERED or DEREGISTERED');
    requireAdmin(tss);
    db.prepare('UPDATE client SET state = ?, time_update = ? WHERE tss_id = ? AND id = ?').run(
      body.state,
      seconds(),
      tss.id,
      client.id,
    );
    return c.json(clientAnswer(getClient.get(tss.id, client.id)!));
  });

  app.get('/api/v2/tss/:tss_id/client/:client_id', (c) => {
    const tss = tssOf(c);
    const client = getClient.get(tss.id, c.req.param('client_id'));
    if (!client) throw new TseError(404, 'E_CLIENT_NOT_FOUND', 'no such client');
    return c.json(clientAnswer(client));
  });

  return app;
}
