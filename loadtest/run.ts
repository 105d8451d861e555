/**
 * npm run test:load [-- --people 200 --duration 60] [--short] [--think 1500] [--port 3441]
 *
 * The load-and-fault suite (docs/deployment.md, "Load and faults"). It starts everything itself
 * and stops it all at the end, on failure and on Ctrl-C:
 *   1. its own PostgreSQL (a fresh data directory on LOAD_PG_PORT, 25440: below the ephemeral ports, since it is restarted on it) and Redis
 *      (LOAD_REDIS_PORT, 3449); migrates, seeds the demo content and `--people` people;
 *   2. capacity, one instance vs three: `npm run start:cluster` with one instance, then three,
 *      behind nginx on --port; a few people with no pause between actions for
 *      --capacity-seconds each; throughput, latency and the app processes' CPU time (per core);
 *   3. the run: --people people (each signs in, about a third keep the live notification stream
 *      open) for --duration seconds through nginx, a realistic mix of reading, searching,
 *      liking, commenting, following and publishing, with a PostgreSQL crash-restart at 35 % and
 *      one app instance killed (SIGKILL) at 60 % (the supervisor starts it again);
 *   4. checks: no acknowledged write lost, every counter equals its rows, 5xx (or no answer)
 *      only within the stated window after each fault, the site answering at the end.
 * Prints the figures and a report in data/loadtest/report.json; exits 1 when a check fails.
 * --short (or LOAD_SHORT=1): 20 people, 20 s, 6 s capacity phases (what CI runs).
 */
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { type Database, openDatabase } from '../db/client.ts';
import { checkAcknowledged, checkCounters } from './checks.ts';
import { type Acknowledged, emptyAcknowledged, SimulatedPerson, sleep, type World } from './people.ts';
import { type Catalog, loadCatalog, type Person, seedAll } from './seed.ts';
import { cleanupAll, cpuSeconds, onCleanup, startCluster, startPostgres, startRedis } from './stack.ts';
import { type CallRow, percentile, Recorder, type Sample, summarise, table } from './stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: process.env.LOAD_SHORT === '1' },
    people: { type: 'string', default: process.env.LOAD_PEOPLE },
    duration: { type: 'string', default: process.env.LOAD_DURATION },
    think: { type: 'string', default: process.env.LOAD_THINK_MS ?? '1500' },
    'capacity-people': { type: 'string', default: '12' },
    'capacity-seconds': { type: 'string' },
    port: { type: 'string', default: process.env.LOAD_PORT ?? '3441' },
    'pg-port': { type: 'string', default: process.env.LOAD_PG_PORT ?? '25440' },
    'redis-port': { type: 'string', default: process.env.LOAD_REDIS_PORT ?? '3449' },
  },
});
const peopleCount = Number(args.people ?? (args.short ? 20 : 200));
const durationS = Number(args.duration ?? (args.short ? 20 : 60));
const thinkMs = Number(args.think);
const capacityPeople = Number(args['capacity-people']);
const capacityS = Number(args['capacity-seconds'] ?? (args.short ? 6 : 15));
const port = Number(args.port);
const pgPort = Number(args['pg-port']);
const redisPort = Number(args['redis-port']);
const base = `http://127.0.0.1:${port}`;
const logDir = path.join(root, 'data/loadtest');
/** The PostgreSQL outage: crashed (immediate stop), down this long, started again. */
const PG_DOWN_MS = 2000;
/** 5xx allowed from a fault's start until this long after it is over (PostgreSQL back, instance back). */
const WINDOW_AFTER_PG_MS = 10_000;
const WINDOW_AFTER_KILL_MS = 5_000;
const RESTART_SECONDS = 3;
const WARMUP_MS_PER_INSTANCE = 3000;
/** The run goes on at least this long after the last window, to see the site answer again. */
const RECOVERY_MS = 5000;
const SSE_SHARE = 0.3;
/** Everything, setup included, ends within this (the build, when missing, comes before). */
const HARD_LIMIT_S = durationS + 2 * capacityS + 480;

const say = (line: string) => console.log(`load: ${line}`);

let exiting = false;
async function exit(code: number, reason?: string): Promise<never> {
  if (!exiting) {
    exiting = true;
    if (reason) console.error(`load: ${reason}`);
    await cleanupAll();
  }
  process.exit(code);
}
process.on('SIGINT', () => void exit(130, 'interrupted: stopping everything'));
process.on('SIGTERM', () => void exit(143, 'terminated: stopping everything'));

interface Fault {
  name: string;
  /** ms since the run started */
  start: number;
  /** when it was over (PostgreSQL accepting again, the instance ready again) */
  end: number;
  windowEnd: number;
}

interface CapacityRow {
  instances: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  appCpuS: number;
  coresBusy: number;
  perCore: number;
  load1: number;
}

function world(catalog: Catalog, recorder: Recorder, acknowledged: Acknowledged, think: number, until: number) {
  const controller = new AbortController();
  let end = until;
  // Every request listens for the end of the phase.
  setMaxListeners(0, controller.signal);
  const w: World = {
    base,
    siteOrigin: base,
    catalog,
    recorder,
    acknowledged,
    thinkMs: think,
    done: () => recorder.now() >= end,
    signal: controller.signal,
  };
  return {
    world: w,
    abort: () => controller.abort(),
    /** Ends the phase at `ms` (since it started) instead. */
    endAt: (ms: number) => {
      end = ms;
    },
  };
}

/** Waits for the loops, at most graceMs after the phase's end, then aborts what is left. */
async function finish(loops: Promise<unknown>[], w: { world: World; abort: () => void }, graceMs: number) {
  const all = Promise.allSettled(loops);
  let settled = false;
  void all.then(() => {
    settled = true;
  });
  while (!settled && !w.world.done()) await sleep(200);
  if (!settled) await Promise.race([all, sleep(graceMs)]);
  w.abort();
  await all;
}

async function capacityPhase(
  instances: number,
  people: SimulatedPerson[],
  catalog: Catalog,
  appPids: () => number[],
): Promise<CapacityRow> {
  // Warm-up: the same mix for a few seconds an instance (JIT, caches, connection pools), not measured.
  const warm = new Recorder();
  const w0 = world(catalog, warm, emptyAcknowledged(), 0, WARMUP_MS_PER_INSTANCE * instances);
  for (const p of people) p.world = w0.world;
  await finish(
    people.map((p) => p.loop()),
    w0,
    10_000,
  );
  const pids = appPids();
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const recorder = new Recorder();
  const w = world(catalog, recorder, emptyAcknowledged(), 0, capacityS * 1000);
  for (const p of people) p.world = w.world;
  const started = performance.now();
  await finish(
    people.map((p) => p.loop()),
    w,
    10_000,
  );
  const wallS = (performance.now() - started) / 1000;
  const appCpuS = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
  const answered = recorder.samples
    .filter((s) => s.status > 0)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const perSecond = recorder.samples.length / wallS;
  const coresBusy = appCpuS / wallS;
  return {
    instances,
    requests: recorder.samples.length,
    perSecond,
    p50: percentile(answered, 50),
    p99: percentile(answered, 99),
    appCpuS,
    coresBusy,
    perCore: coresBusy > 0 ? perSecond / coresBusy : Number.NaN,
    load1: os.loadavg()[0],
  };
}

async function signInAll(people: SimulatedPerson[], catalog: Catalog): Promise<void> {
  const w = world(catalog, new Recorder(), emptyAcknowledged(), 0, Number.POSITIVE_INFINITY);
  for (const p of people) p.world = w.world;
  const results = await Promise.all(people.map((p) => p.signIn()));
  const failed = results.filter((ok) => !ok).length;
  if (failed > 0) throw new Error(`${failed} of ${people.length} people could not sign in`);
}

const failed = (s: Sample) => s.status >= 500 || s.status === 0;
/** A request counts for a window when its answer (or failure) came within it. */
const inWindow = (s: Sample, f: Fault) => s.at + s.ms >= f.start && s.at + s.ms <= f.windowEnd;

function violationsOutside(samples: Sample[], faults: Fault[]): Sample[] {
  return samples.filter((s) => failed(s) && !faults.some((f) => inWindow(s, f)));
}

async function main() {
  const hardLimit = setTimeout(
    () => void exit(1, `the suite did not end within ${HARD_LIMIT_S} s: stopped`),
    HARD_LIMIT_S * 1000,
  );
  hardLimit.unref();
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const buildDir = process.env.BUILD_DIR ?? 'build';
  if (!existsSync(path.join(root, buildDir, 'server-app/index.js'))) {
    say('no build: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  say(
    `${peopleCount} people for ${durationS} s (mean pause ${thinkMs} ms), capacity phases ${capacityPeople} people × ${capacityS} s; ` +
      `nginx on ${port}, PostgreSQL on ${pgPort}, Redis on ${redisPort}; logs in ${path.relative(root, logDir)}/`,
  );

  const pg = await startPostgres(pgPort, logDir);
  const redis = await startRedis(redisPort, logDir);
  say(`PostgreSQL ${pg.serverUrl}, Redis ${redis.url}`);
  const databaseUrl = pg.serverUrl;
  const open = async () => {
    const database = await openDatabase({ url: databaseUrl, poolSize: 4, onConnectionError: () => {} });
    const forget = onCleanup('database connection', () => database.close());
    return {
      ...database,
      close: async () => {
        forget();
        await database.close();
      },
    };
  };
  let database: Database = await open();
  const seedStart = performance.now();
  const persons: Person[] = await seedAll(database, peopleCount);
  const catalog = await loadCatalog(database);
  say(
    `seeded the demo content and ${persons.length} people in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const baseline = await checkCounters(database);
  if (baseline.mismatches.length > 0) {
    console.log(baseline.mismatches.slice(0, 20));
    throw new Error(`${baseline.mismatches.length} counters differ from their rows right after seeding`);
  }
  await database.close();

  const sessionSecret = randomBytes(24).toString('base64url');
  const clusterOptions = (instances: number, name: string) => ({
    root,
    port,
    instances,
    databaseUrl,
    redisUrl: redis.url,
    sessionSecret,
    siteUrl: base,
    logFile: path.join(logDir, `cluster-${name}.log`),
    restartSeconds: RESTART_SECONDS,
  });
  const everyone = persons.map(
    (person) => new SimulatedPerson(person, world(catalog, new Recorder(), emptyAcknowledged(), 0, 0).world),
  );
  const capacityCrew = everyone.slice(0, Math.min(capacityPeople, everyone.length));

  // Capacity: one instance, then three, the same people with no pause between actions.
  say('capacity: one instance behind nginx');
  let cluster = await startCluster(clusterOptions(1, 'one'));
  await signInAll(capacityCrew, catalog);
  const one = await capacityPhase(1, capacityCrew, catalog, () => [...cluster.pids.values()]);
  await cluster.stop();
  say('capacity: three instances behind nginx');
  cluster = await startCluster(clusterOptions(3, 'three'));
  const three = await capacityPhase(3, capacityCrew, catalog, () => [...cluster.pids.values()]);

  // The run with faults.
  say(`run: ${everyone.length} people for ${durationS} s against three instances, with faults`);
  const recorder = new Recorder();
  const acknowledged = emptyAcknowledged();
  // Until the faults are over; then the end is set (the nominal duration or later).
  const run = world(catalog, recorder, acknowledged, thinkMs, Number.POSITIVE_INFINITY);
  const rampMs = Math.min(5000, (durationS * 1000) / 6);
  const loops = everyone.map(async (person, i) => {
    person.world = run.world;
    await sleep((i / everyone.length) * rampMs, run.world.signal);
    if (!(await person.signIn())) return;
    const live = i % Math.round(1 / SSE_SHARE) === 0 ? person.liveStream() : Promise.resolve();
    await Promise.all([person.loop(), live]);
  });
  const faults: Fault[] = [];
  const faultsDone = (async () => {
    await sleep(durationS * 350, run.world.signal);
    const pgFault: Fault = { name: 'PostgreSQL crash and restart', start: recorder.now(), end: 0, windowEnd: 0 };
    faults.push(pgFault);
    say(`fault at ${(pgFault.start / 1000).toFixed(1)} s: PostgreSQL stopped (immediate)`);
    await pg.stop('immediate');
    await sleep(PG_DOWN_MS);
    await pg.start();
    pgFault.end = recorder.now();
    pgFault.windowEnd = pgFault.end + WINDOW_AFTER_PG_MS;
    say(`  PostgreSQL accepting again at ${(pgFault.end / 1000).toFixed(1)} s`);
    await sleep(Math.max(0, durationS * 600 - recorder.now()), run.world.signal);
    const pid = cluster.pids.get('app2');
    if (!pid) throw new Error('no pid for app2');
    const killAt = performance.now();
    const killFault: Fault = { name: 'app2 killed (SIGKILL)', start: recorder.now(), end: 0, windowEnd: 0 };
    faults.push(killFault);
    process.kill(pid, 'SIGKILL');
    say(`fault at ${(killFault.start / 1000).toFixed(1)} s: app2 (pid ${pid}) killed`);
    await cluster.restarted('app2', killAt, 90_000);
    killFault.end = recorder.now();
    killFault.windowEnd = killFault.end + WINDOW_AFTER_KILL_MS;
    say(`  app2 started again and ready at ${(killFault.end / 1000).toFixed(1)} s`);
  })().then(
    // On a slow machine the faults can last past the nominal end: the run goes on until the site
    // has been watched for a while after the last window.
    () => run.endAt(Math.max(durationS * 1000, ...faults.map((f) => f.windowEnd + RECOVERY_MS))),
    (error) => {
      run.endAt(0);
      throw error;
    },
  );
  const runStart = performance.now();
  await finish(loops, run, 25_000);
  const runWallS = (performance.now() - runStart) / 1000;
  await faultsDone;
  const load = os.loadavg();

  // Checks against the database (the cluster is still up: nothing in flight any more).
  database = await open();
  const lost = await checkAcknowledged(database, acknowledged);
  const counters = await checkCounters(database);
  await database.close();
  await cluster.stop();

  // Figures.
  const rows: CallRow[] = summarise(recorder.samples, runWallS);
  console.log(
    `\nRun: ${everyone.length} people, ${runWallS.toFixed(1)} s, load average ${load.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`,
  );
  console.log(
    table(
      ['call', 'count', '/s', 'p50 ms', 'p99 ms', '2xx-3xx', '4xx', '5xx', 'no answer'],
      rows.map((r) => [r.call, r.count, r.perSecond, r.p50, r.p99, r.ok, r.client4xx, r.server5xx, r.noAnswer]),
    ),
  );
  const total = recorder.samples.length;
  console.log(`all calls: ${total} in ${runWallS.toFixed(1)} s = ${(total / runWallS).toFixed(1)} requests/s`);
  const events = [...recorder.events.entries()].sort((a, b) => b[1] - a[1]);
  if (events.length > 0) {
    console.log('\nOther events (live stream, 4xx reasons):');
    for (const [name, count] of events.slice(0, 15)) console.log(`  ${count} × ${name}`);
  }

  console.log(
    `\nOne instance vs three (capacity phases: ${capacityCrew.length} people without pauses, ${capacityS} s each):`,
  );
  console.log(
    table(
      ['instances', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'app CPU s', 'cores busy', 'req/s per core', 'load 1m'],
      [one, three].map((c) => [
        String(c.instances),
        c.requests,
        c.perSecond,
        c.p50,
        c.p99,
        c.appCpuS,
        Number(c.coresBusy.toFixed(2)),
        c.perCore,
        Number(c.load1.toFixed(2)),
      ]),
    ),
  );
  console.log(`three vs one: ×${(three.perSecond / one.perSecond).toFixed(2)} throughput on ${os.cpus().length} cores`);

  console.log('\nFaults and the windows in which 5xx or no answer are allowed:');
  for (const f of faults) {
    const failures = recorder.samples.filter((s) => failed(s) && inWindow(s, f)).length;
    console.log(
      `  ${f.name}: at ${(f.start / 1000).toFixed(1)} s, over at ${(f.end / 1000).toFixed(1)} s, window until ${(f.windowEnd / 1000).toFixed(1)} s; ${failures} failed requests in it`,
    );
  }

  const failures: string[] = [];
  const check = (ok: boolean, line: string) => {
    console.log(`  ${ok ? 'PASS' : 'FAIL'} ${line}`);
    if (!ok) failures.push(line);
  };
  console.log('\nChecks:');
  for (const l of lost) {
    check(
      l.missing.length === 0,
      `${l.kind}: ${l.acknowledged} acknowledged, ${l.missing.length} missing${l.missing.length ? ` (${l.missing.slice(0, 5).join(', ')})` : ''}`,
    );
  }
  const writes = lost.reduce((sum, l) => sum + l.acknowledged, 0);
  check(
    lost.filter((l) => ['entry likes', 'comments'].includes(l.kind)).every((l) => l.acknowledged > 0),
    `writes were made: ${writes} acknowledged (likes and comments among them)`,
  );
  check(
    counters.mismatches.length === 0,
    `counters equal their rows: ${counters.compared} compared, ${counters.mismatches.length} differ${
      counters.mismatches.length
        ? `: ${counters.mismatches
            .slice(0, 5)
            .map((m) => `${m.counter}[${m.key}] ${m.stored} ≠ ${m.counted}`)
            .join('; ')}`
        : ''
    }`,
  );
  check(faults.length === 2 && faults.every((f) => f.end > 0), 'both faults happened and ended');
  const outside = violationsOutside(recorder.samples, faults);
  check(
    outside.length === 0,
    `5xx or no answer only within the windows: ${outside.length} outside${
      outside.length
        ? `: ${outside
            .slice(0, 5)
            .map((s) => `${s.call} ${s.status || 'no answer'} at ${(s.at / 1000).toFixed(1)} s`)
            .join('; ')}`
        : ''
    }`,
  );
  const lastWindowEnd = Math.max(0, ...faults.map((f) => f.windowEnd));
  const after = recorder.samples.filter((s) => s.at > lastWindowEnd);
  const afterOk = after.filter((s) => s.status >= 200 && s.status < 400).length;
  check(
    after.length > 0 && afterOk === after.length,
    `the site answers after the last window: ${afterOk} of ${after.length} requests sent after ${(lastWindowEnd / 1000).toFixed(1)} s succeeded`,
  );

  writeFileSync(
    path.join(logDir, 'report.json'),
    JSON.stringify(
      {
        people: everyone.length,
        seconds: runWallS,
        loadAverage: load,
        cores: os.cpus().length,
        calls: rows,
        capacity: [one, three],
        faults,
        lost,
        counters: { compared: counters.compared, mismatches: counters.mismatches.slice(0, 100) },
        failures,
        samples: recorder.samples.map((x) => [x.call, Math.round(x.at), Math.round(x.ms), x.status]),
      },
      null,
      2,
    ),
  );
  say(failures.length === 0 ? 'all checks passed' : `${failures.length} check(s) failed`);
  await exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => exit(1, `failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`));
