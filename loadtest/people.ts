/**
 * One simulated person: a cookie jar, the headers a browser sends (Origin and Sec-Fetch-Site on
 * writes, which the CSRF guard checks), and a loop over a realistic mix of reads and writes.
 */
import type { Catalog, Person } from './seed.ts';
import { LOAD_PASSWORD } from './seed.ts';
import type { Recorder } from './stats.ts';

const REQUEST_TIMEOUT_MS = 20_000;

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};

/** Writes answered with success: what the database must hold afterwards. */
export interface Acknowledged {
  entryLikes: Array<[userId: string, entryId: string]>;
  pinLikes: Array<[userId: string, pinId: string]>;
  follows: Array<[followerId: string, followeeId: string]>;
  comments: string[];
  entries: string[];
  pins: string[];
}

export function emptyAcknowledged(): Acknowledged {
  return { entryLikes: [], pinLikes: [], follows: [], comments: [], entries: [], pins: [] };
}

export interface World {
  base: string;
  siteOrigin: string;
  catalog: Catalog;
  recorder: Recorder;
  acknowledged: Acknowledged;
  /** Mean pause between two actions of one person (0: as fast as the site answers). */
  thinkMs: number;
  /** Stop when this returns true (checked between actions). */
  done: () => boolean;
  /** Aborts open requests and live streams at the end. */
  signal: AbortSignal;
}

const COMMENTS = [
  '写得很清楚，收藏了',
  '这个思路在我们项目里也踩过坑',
  '请问第二步的配置放在哪里？',
  '感谢分享，期待下一篇',
  '我们组刚好在做迁移，很有参考价值',
  '有没有对应的基准测试数据？',
  '学到了，原来还能这样写',
];
const PINS = [
  '今天把服务拆成三个实例跑在 nginx 后面，稳定多了',
  '周末读完了一本讲数据库内核的书，推荐',
  '有人在生产环境用过 PGlite 吗？',
  '新项目终于上线了，记录一下',
  '重构完测试全绿的感觉真好',
];
const SEARCHES = ['React', '缓存', 'PostgreSQL', '前端性能优化', 'Rust 并发', '微服务 架构', 'Vue 组件', '数据库 事务'];

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

type Action = { name: string; weight: number; run: (p: SimulatedPerson) => Promise<void> };

/** The mix: mostly reading, some engagement, a little publishing. Weights are relative. */
export const MIX: Action[] = [
  { name: 'page /', weight: 14, run: (p) => p.page('page /', '/') },
  { name: 'page /post', weight: 20, run: (p) => p.page('page /post/{id}', pick(p.world.catalog.entries).path) },
  {
    name: 'page /tag',
    weight: 6,
    run: (p) => p.page('page /tag/{title}', `/tag/${encodeURIComponent(pick(p.world.catalog.tagTitles))}`),
  },
  { name: 'page /pins', weight: 8, run: (p) => p.page('page /pins', '/pins') },
  {
    name: 'page /search',
    weight: 6,
    run: (p) => p.page('page /search', `/search?query=${encodeURIComponent(pick(SEARCHES))}`),
  },
  {
    name: 'api search',
    weight: 4,
    run: (p) =>
      p
        .api('api search', 'GET', `/api/timeline/search?query=${encodeURIComponent(pick(SEARCHES))}&page=0`)
        .then(() => {}),
  },
  {
    name: 'api comments',
    weight: 8,
    run: (p) =>
      p.api('api comments', 'GET', `/api/comment/comments/entry/${pick(p.world.catalog.entries).id}`).then(() => {}),
  },
  {
    name: 'api notifications',
    weight: 4,
    run: (p) => p.api('api notifications', 'GET', '/api/notification/getUserNotification').then(() => {}),
  },
  { name: 'like', weight: 7, run: (p) => p.likeEntry() },
  { name: 'pin like', weight: 3, run: (p) => p.likePin() },
  { name: 'comment', weight: 5, run: (p) => p.comment() },
  { name: 'follow', weight: 3, run: (p) => p.follow() },
  { name: 'publish entry', weight: 1, run: (p) => p.publishEntry() },
  { name: 'publish pin', weight: 2, run: (p) => p.publishPin() },
];
const TOTAL_WEIGHT = MIX.reduce((sum, a) => sum + a.weight, 0);

function pickAction(): Action {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const action of MIX) {
    r -= action.weight;
    if (r < 0) return action;
  }
  return MIX[0];
}

interface Envelope<T = unknown> {
  s: number;
  m: string;
  d: T;
}

export class SimulatedPerson {
  private readonly cookies = new Map<string, string>();
  private writes = 0;

  constructor(
    readonly person: Person,
    public world: World,
  ) {}

  private headers(extra: Record<string, string>): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { ...BROWSER, ...(cookie ? { cookie } : {}), ...extra };
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private timeout(): AbortSignal {
    return AbortSignal.any([this.world.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
  }

  /** An HTML page as a browser navigates to it; the whole body is read. */
  async page(call: string, path: string): Promise<void> {
    const at = this.world.recorder.now();
    let status = 0;
    try {
      const res = await fetch(this.world.base + path, {
        headers: this.headers({
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
          'sec-fetch-site': 'same-origin',
        }),
        redirect: 'manual',
        signal: this.timeout(),
      });
      this.keepCookies(res);
      await res.arrayBuffer();
      status = res.status;
    } catch {
      if (this.world.signal.aborted) return;
    }
    this.world.recorder.record(call, at, status);
  }

  /** A fetch from the page's script; writes carry Origin like a browser's (the CSRF guard). */
  async api<T>(call: string, method: string, path: string, json?: unknown): Promise<Envelope<T> | null> {
    const at = this.world.recorder.now();
    let status = 0;
    let body: Envelope<T> | null = null;
    try {
      const write = method !== 'GET';
      const res = await fetch(this.world.base + path, {
        method,
        headers: this.headers({
          accept: 'application/json, text/plain, */*',
          'sec-fetch-mode': 'cors',
          'sec-fetch-dest': 'empty',
          'sec-fetch-site': 'same-origin',
          ...(write ? { origin: this.world.siteOrigin } : {}),
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        }),
        body: json !== undefined ? JSON.stringify(json) : undefined,
        signal: this.timeout(),
      });
      this.keepCookies(res);
      const text = await res.text();
      status = res.status;
      try {
        body = JSON.parse(text) as Envelope<T>;
      } catch {
        body = null;
      }
    } catch {
      if (this.world.signal.aborted) return null;
    }
    this.world.recorder.record(call, at, status);
    if (status === 200 && body?.s === 1) return body;
    if (status >= 400 && status < 500) this.world.recorder.count(`${call} ${status} ${body?.m ?? ''}`.trim());
    return null;
  }

  async signIn(): Promise<boolean> {
    const answer = await this.api('sign in', 'POST', '/api/passport/auth/type/email', {
      email: this.person.email,
      password: LOAD_PASSWORD,
    });
    return answer !== null;
  }

  async likeEntry(): Promise<void> {
    const entry = pick(this.world.catalog.entries);
    const answer = await this.api('write like entry', 'PUT', `/api/like/user/like/entry/${entry.id}`);
    if (answer) this.world.acknowledged.entryLikes.push([this.person.id, entry.id]);
  }

  async likePin(): Promise<void> {
    if (this.world.catalog.pinIds.length === 0) return;
    const msgId = pick(this.world.catalog.pinIds);
    const answer = await this.api<{ liked: boolean }>('write like pin', 'POST', '/api/pin/like', { msgId });
    if (answer?.d.liked) this.world.acknowledged.pinLikes.push([this.person.id, msgId]);
  }

  async comment(): Promise<void> {
    const entry = pick(this.world.catalog.entries);
    const content = `${pick(COMMENTS)}（${this.person.n}-${++this.writes}）`;
    const answer = await this.api<{ commentId: string }>('write comment', 'POST', '/api/comment/comment', {
      content,
      targetId: entry.id,
      targetType: 'entry',
    });
    if (answer) this.world.acknowledged.comments.push(answer.d.commentId);
  }

  async follow(): Promise<void> {
    const followee = pick(this.world.catalog.userIds);
    if (followee === this.person.id) return;
    const answer = await this.api('write follow', 'POST', '/api/follow/follow', {
      follower: this.person.id,
      followee,
    });
    if (answer) this.world.acknowledged.follows.push([this.person.id, followee]);
  }

  async publishEntry(): Promise<void> {
    const target = pick(this.world.catalog.publishTargets);
    const n = ++this.writes;
    const answer = await this.api<{ entryId: string }>('write publish entry', 'POST', '/api/post/entryPublish', {
      title: `压测笔记 ${this.person.n}-${n}：三实例下的连接池与缓存`,
      content: `## 背景\n\n第 ${n} 篇记录。三台实例共用一个 PostgreSQL 与一个 Redis，nginx 在前面做负载均衡。\n\n## 结论\n\n连接池要按实例数分配，缓存失效要跨实例广播。`,
      category: target.categoryId,
      tags: target.tagId,
    });
    if (answer) {
      this.world.acknowledged.entries.push(answer.d.entryId);
      this.world.catalog.entries.push({ id: answer.d.entryId, path: `/entry/${answer.d.entryId}` });
    }
  }

  async publishPin(): Promise<void> {
    const content = `${pick(PINS)}（${this.person.n}-${++this.writes}）`;
    const answer = await this.api<{ msgId?: string; id?: string }>('write publish pin', 'POST', '/api/pin/publish', {
      content,
    });
    const id = answer?.d.msgId ?? answer?.d.id;
    if (id) {
      this.world.acknowledged.pins.push(id);
      this.world.catalog.pinIds.push(id);
    }
  }

  /**
   * The live unread count: a server-sent event stream held open until the end, opened again when
   * it is cut (an instance killed). Connecting counts as a call (time to the first event).
   */
  async liveStream(): Promise<void> {
    while (!this.world.done() && !this.world.signal.aborted) {
      const at = this.world.recorder.now();
      let status = 0;
      let first = true;
      try {
        const res = await fetch(`${this.world.base}/api/notification/stream`, {
          headers: this.headers({ accept: 'text/event-stream', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }),
          signal: this.world.signal,
        });
        status = res.status;
        if (!res.ok || !res.body) {
          this.world.recorder.record('live stream connect', at, status);
          await res.body?.cancel();
        } else {
          const decoder = new TextDecoder();
          const reader = res.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            const text = decoder.decode(value, { stream: true });
            const events = text.split('event: unread').length - 1;
            if (events > 0 && first) {
              first = false;
              this.world.recorder.record('live stream connect', at, status);
            }
            if (events > 0) this.world.recorder.count('live stream events', events);
          }
          if (!this.world.signal.aborted) this.world.recorder.count('live stream cut');
        }
      } catch {
        if (this.world.signal.aborted) return;
        if (first) this.world.recorder.record('live stream connect', at, status);
        else this.world.recorder.count('live stream cut');
      }
      await sleep(1000 + Math.random() * 1000, this.world.signal);
    }
  }

  /** Actions until the world is done, with a random pause (exponential, mean thinkMs) between them. */
  async loop(): Promise<void> {
    while (!this.world.done() && !this.world.signal.aborted) {
      await pickAction().run(this);
      if (this.world.thinkMs > 0) await sleep(-Math.log(1 - Math.random()) * this.world.thinkMs, this.world.signal);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
