// The service files in deploy/: the systemd unit passes `systemd-analyze verify` and rates "OK" in
// its offline security review (skipped, saying so, where systemd-analyze is not installed); the
// Dockerfile, which cannot run here (no Docker), has its shape checked: it builds in one stage,
// runs `node dist-server/main.js` as a non-root user with the data folder as a volume, and every
// file it copies from the project exists. deploy/Caddyfile runs in caddy-proxy.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const UNIT = 'deploy/hotel-till.service';
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
if (!analyze) {
  console.warn(`systemd-analyze is not installed: ${UNIT} is not verified (apt-get install systemd)`);
}

/** The unit's `Key=value` lines, as a map of each key's values. */
function unitSettings(): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of readFileSync(UNIT, 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

describe('the systemd unit', () => {
  it('runs the compiled server as its own user, restarts on failure, writes only its data folder', () => {
    const unit = unitSettings();
    expect(unit.get('User')).toEqual(['hotel-till']);
    expect(unit.get('ExecStart')?.[0]).toMatch(/node dist-server\/main\.js$/);
    expect(unit.get('WorkingDirectory')).toEqual(['/opt/hotel-till']);
    expect(unit.get('Environment')).toContain('DATA_DIR=/var/lib/hotel-till');
    expect(unit.get('ReadWritePaths')).toEqual(['/var/lib/hotel-till']);
    expect(unit.get('Restart')).toEqual(['on-failure']);
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
    ]) {
      expect(unit.get(key!), key).toEqual([value]);
    }
    // descriptors for every tablet's connections (issue 20: 1,024 let one host cut them all off)
    expect(Number(unit.get('LimitNOFILE'))).toBeGreaterThanOrEqual(65_536);
    // a clean stop (up to 25 s for writes in flight) ends before systemd's own time-out
    expect(Number(unit.get('TimeoutStopSec'))).toBeGreaterThan(25);
  });

  it.skipIf(!analyze)(
    'passes systemd-analyze verify without a warning (skipped without systemd-analyze)',
    () => {
      const result = spawnSync(analyze!, ['verify', UNIT], { encoding: 'utf8' });
      expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
      expect(result.status).toBe(0);
    },
  );

  it.skipIf(!analyze)('rates "OK" in systemd-analyze security (skipped without systemd-analyze)', () => {
    const result = spawnSync(analyze!, ['security', '--offline=yes', UNIT], { encoding: 'utf8' });
    const level = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(result.stdout);
    expect(level, result.stdout + result.stderr).not.toBeNull();
    expect(Number(level![1])).toBeLessThanOrEqual(2.5);
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+ /.test(line));
  const finalStage = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));

  it('runs node dist-server/main.js as a non-root user, with the data folder as a volume', () => {
    const user = finalStage.find((line) => line.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    expect(finalStage.some((line) => /^ENV .*\bDATA_DIR=\/data\b/.test(line))).toBe(true);
    expect(finalStage).toContain('VOLUME /data');
    expect(finalStage.at(-1)).toBe('CMD ["node", "dist-server/main.js"]');
    // its run command raises the descriptor limit as the unit's LimitNOFILE does
    expect(dockerfile).toMatch(/--ulimit nofile=65536:65536/);
    // the runtime image takes production dependencies and the build, never the sources
    expect(finalStage.filter((line) => line.startsWith('COPY ')).join('\n')).not.toMatch(/\bsrc\b/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('copies only files that exist in the project', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(source), source).toBe(true);
  });
});
