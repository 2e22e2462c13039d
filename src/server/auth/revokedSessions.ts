import type { Queryable } from '../store';
import { BriefAnswers } from './briefAnswers';

/** How long an answer 'not revoked' is trusted before the database is asked again. */
export const SESSION_CHECK_TTL_MS = 2_000;

/**
 * Whether a session (a refresh token family) has ended: by logout, by reuse of a refresh token, by a
 * password reset, or because its user lost access. Access and extended data tokens name their
 * session, and every signed-in request asks here, so an ended session's tokens stop working at once
 * rather than when they expire. Answers are kept briefly (briefAnswers.ts): an end recorded by this
 * process is seen at once (`ended`), one recorded by another instance within SESSION_CHECK_TTL_MS.
 * An ended session stays ended.
 */
export class SessionRevocations {
  private readonly answers: BriefAnswers<boolean>;

  constructor(
    private readonly db: Queryable,
    now: () => number = Date.now,
  ) {
    this.answers = new BriefAnswers(SESSION_CHECK_TTL_MS, { final: (revoked) => revoked, now });
  }

  isRevoked(sessionId: string): Promise<boolean> {
    return this.answers.get(sessionId, async () => {
      const rows = await this.db.query(
        'SELECT 1 AS revoked FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL LIMIT 1',
        [sessionId],
      );
      return rows.length > 0;
    });
  }

  /** Records that this process has just ended the session. */
  ended(sessionId: string): void {
    this.answers.record(sessionId, true);
  }
}
