import type { Queryable } from '../store';

/** How long an answer 'not revoked' is trusted before the database is asked again. */
export const SESSION_CHECK_TTL_MS = 2_000;
/** Sessions remembered at most (least recently checked first out). */
const MAX_ENTRIES = 20_000;

/**
 * Whether a session (a refresh token family) has ended: by logout, by reuse of a refresh token, by a
 * password reset, or because its user lost access. Access and extended data tokens name their
 * session, and every signed-in request asks here, so an ended session's tokens stop working at once
 * rather than when they expire. Answers are kept briefly: an end recorded by this process is seen
 * at once (`ended`), one recorded by another instance within SESSION_CHECK_TTL_MS.
 */
export class SessionRevocations {
  private readonly known = new Map<string, { revoked: boolean; until: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  async isRevoked(sessionId: string): Promise<boolean> {
    const hit = this.known.get(sessionId);
    if (hit && (hit.revoked || hit.until > this.now())) return hit.revoked;
    const rows = await this.db.query(
      'SELECT 1 AS revoked FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL LIMIT 1',
      [sessionId],
    );
    this.remember(sessionId, rows.length > 0);
    return rows.length > 0;
  }

  /** Records that this process has just ended the session. */
  ended(sessionId: string): void {
    this.remember(sessionId, true);
  }

  private remember(sessionId: string, revoked: boolean): void {
    this.known.delete(sessionId);
    this.known.set(sessionId, { revoked, until: this.now() + SESSION_CHECK_TTL_MS });
    if (this.known.size > MAX_ENTRIES) this.known.delete(this.known.keys().next().value as string);
  }
}
