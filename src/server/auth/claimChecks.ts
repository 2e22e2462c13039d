import type { Claim } from '../../shared/api/types';
import type { Queryable } from '../store';
import { BriefAnswers } from './briefAnswers';
import { userHasClaim } from './userLookup';

/** How long an answer about a user's claim is trusted before the database is asked again. */
export const CLAIM_CHECK_TTL_MS = 2_000;

/**
 * Whether a user holds an extra claim (the ILS page's data codes, the dashboard editor), asked by
 * every request those routes serve: the ILS page's four pies ask together, and each answer was a
 * query of its own. Answers are kept briefly (briefAnswers.ts), as session ends are: a claim granted
 * or taken away by another process (`npm run users`, another instance) holds within
 * CLAIM_CHECK_TTL_MS, the same bound as a session ended elsewhere.
 */
export class ClaimChecks {
  private readonly answers: BriefAnswers<boolean>;

  constructor(
    private readonly db: Queryable,
    now: () => number = Date.now,
  ) {
    this.answers = new BriefAnswers(CLAIM_CHECK_TTL_MS, { now });
  }

  holds(userId: number, claim: Claim): Promise<boolean> {
    return this.answers.get(JSON.stringify([userId, claim.type, claim.value]), () =>
      userHasClaim(this.db, userId, claim),
    );
  }
}
