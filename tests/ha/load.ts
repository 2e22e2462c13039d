import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';

/** One failed user request: what it was and how it ended. */
export interface Failure {
  what: string;
  outcome: string;
  at: number;
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
  extendedDataToken: string;
}

/** The data calls of the load: tiles, tables and charts of several pages. */
const DATA: { path: string; body: Record<string, unknown> }[] = [
  { path: '/api/data', body: { requestedData: 100 } },
  { path: '/api/data', body: { requestedData: 105 } },
  { path: '/api/data/caller_behavior/missed_calls/by_site', body: { limit: 10, skip: 0 } },
  { path: '/api/data/ad_source_effectiveness/overall', body: { limit: 10, skip: 0 } },
  { path: '/api/data/communication/volume/by_site', body: { limit: 10, skip: 0 } },
  { path: '/api/data/communication/average_response_time_trend', body: {} },
];
/** A few periods (answers come from the cache too) and a random day or two (they never do). */
function period(): { startDate: string; endDate: string } {
  const fixed = [
    { startDate: '2026-10-16', endDate: '2026-11-14' },
    { startDate: '2026-08-01', endDate: '2026-10-31' },
  ];
  if (Math.random() < 0.5) return fixed[Math.floor(Math.random() * fixed.length)];
  const end = Date.UTC(2026, 10, 19) - Math.floor(Math.random() * 150) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { startDate: iso(end - 86_400_000), endDate: iso(end) };
}

/**
 * Each user's pause between two requests. Without it the six users kept both cores busy for the
 * whole test (3,300 requests where the checks need about 600), taking them from whatever ran beside.
 */
const THINK_MS = 50;

/**
 * Steady mixed load through the load balancer: `users` people, each signing in, then in a loop
 * opening data (70 %), the site list (10 %), refreshing their tokens and reading at once with the
 * new ones (10 %: the refresh token was just written on the primary), or signing in again (10 %),
 * pausing THINK_MS between two steps as a person reading the answer does.
 * Retries are only those the client makes: a data call whose connection failed is sent once more
 * (TanStack Query's retry of status 0), and a 401 on a data call refreshes the tokens and retries
 * once (the API client). Anything else that is not a 200 is a failed user request.
 */
export class SteadyLoad {
  readonly failures: Failure[] = [];
  /** Answers by the instance HAProxy named in X-HawkEye-Instance. */
  readonly byInstance = new Map<string, number>();
  completed = 0;
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly url: string,
    users: number,
  ) {
    this.loops = Array.from({ length: users }, () => this.user());
  }

  /** Resolves once `n` more user requests have completed. */
  async more(n: number, ms = 60_000): Promise<void> {
    const target = this.completed + n;
    const deadline = Date.now() + ms;
    while (this.completed < target) {
      if (Date.now() > deadline)
        throw new Error(`The load completed ${this.completed} of ${target} requests`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async send(path: string, body: unknown, token?: string, extended?: string) {
    const method = body === undefined ? 'GET' : 'POST';
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(extended ? { 'x-extended-data-token': extended } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const instance = res.headers.get('x-hawkeye-instance') ?? '?';
    this.byInstance.set(instance, (this.byInstance.get(instance) ?? 0) + 1);
    return { status: res.status, text };
  }

  private fail(what: string, outcome: string) {
    this.failures.push({ what, outcome, at: Date.now() });
  }

  private async token(body: Record<string, unknown>, what: string): Promise<Tokens | undefined> {
    try {
      const r = await this.send('/token', { clientId: 'HawkEye', ...body });
      if (r.status === 200) return JSON.parse(r.text) as Tokens;
      this.fail(what, `HTTP ${r.status} ${r.text.slice(0, 200)}`);
    } catch (err) {
      this.fail(what, String(err));
    }
    return undefined;
  }

  private signIn() {
    return this.token({ grantType: 'password', username: 'admin', password: DEMO_PASSWORD }, 'sign-in');
  }

  private refresh(t: Tokens) {
    return this.token({ grantType: 'refresh_token', refreshToken: t.refreshToken }, 'refresh');
  }

  /** A data call as the client makes it, with its retries; returns the tokens to use next. */
  private async data(t: Tokens, path: string, body: Record<string, unknown>, what: string): Promise<Tokens> {
    let tokens = t;
    let refreshed = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      let r: { status: number; text: string };
      try {
        r =
          path === '/api/sites'
            ? await this.send(path, undefined, tokens.accessToken, tokens.extendedDataToken)
            : await this.send(
                path,
                { ...body, jwtExtendedToken: tokens.extendedDataToken },
                tokens.accessToken,
              );
      } catch (err) {
        if (attempt === 0) continue;
        this.fail(what, String(err));
        return tokens;
      }
      if (r.status === 200) return tokens;
      if (r.status === 401 && !refreshed) {
        refreshed = true;
        const next = await this.refresh(tokens);
        if (!next) return tokens;
        tokens = next;
        continue;
      }
      this.fail(what, `HTTP ${r.status} ${r.text.slice(0, 200)}`);
      return tokens;
    }
    return tokens;
  }

  private async user(): Promise<void> {
    let tokens = await this.signIn();
    while (this.running) {
      if (!tokens) {
        tokens = await this.signIn();
        this.completed++;
        continue;
      }
      const roll = Math.random();
      if (roll < 0.7) {
        const d = DATA[Math.floor(Math.random() * DATA.length)];
        tokens = await this.data(tokens, d.path, { ...d.body, ...period() }, `data ${d.path}`);
      } else if (roll < 0.8) {
        tokens = await this.data(tokens, '/api/sites', {}, 'sites');
      } else if (roll < 0.9) {
        const next = await this.refresh(tokens);
        if (next) {
          tokens = await this.data(
            next,
            '/api/data',
            { requestedData: 100, ...period() },
            'data after refresh',
          );
        }
      } else {
        tokens = (await this.signIn()) ?? tokens;
      }
      this.completed++;
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
  }
}
