import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import claimsResponseSchema from '../../../schemas/api/auth/claims-response.json';
import type { Claim, ClaimsResponse } from '../../shared/api/types';
import { responseSchema } from '../schemaValidation';
import { MESSAGES, refuse } from './replies';
import { requireCaller, requireDataScope } from './scope';
import { findUserById, userAccountIds, userExtraClaims } from './userLookup';

/**
 * The user info of the caller: names, all-account access, claims (AccountId per granted account,
 * AllAccountAccess, then user_claims rows such as HawkEyeDashboardILS) and impersonation info.
 * Read from the database, so a changed grant shows at once.
 */
async function userInfo(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ClaimsResponse | FastifyReply> {
  const caller = request.caller!;
  const { store } = request.server.ctx;
  const user = await findUserById(store, caller.userId);
  if (!user?.isActive) return refuse(reply, 401, 'invalid_token', 'The signed-in user no longer exists');
  if (!user.hasPermission) return refuse(reply, 403, 'access_denied', MESSAGES.noPermission);
  const accounts = await userAccountIds(store, user.id);
  const claims: Claim[] = [
    ...accounts.map((id) => ({ type: 'AccountId', value: String(id) })),
    { type: 'AllAccountAccess', value: String(user.allAccountAccess) },
    ...(await userExtraClaims(store, user.id)),
  ];
  return {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    allAccountAccess: user.allAccountAccess,
    claims,
    isImpersonating: caller.impersonator !== undefined,
    impersonator: caller.impersonator ?? null,
  };
}

/**
 * POST /claims (bearer token, empty body): the user info. GET /claims does the same behind the
 * data-route check (requireDataScope) and adds the scope the extended data token grants, so a
 * client can check its data token and tests can exercise the check end to end.
 */
export function registerClaimsRoutes(scope: FastifyInstance): void {
  const response = { 200: responseSchema(claimsResponseSchema) };
  scope.post('/claims', { schema: { response }, preHandler: requireCaller }, userInfo);
  scope.get('/claims', { schema: { response }, preHandler: requireDataScope }, async (request, reply) => {
    const info = await userInfo(request, reply);
    if (reply.sent || !('username' in info)) return info;
    const { allAccounts, accountIds } = request.dataScope!;
    return { ...info, dataScope: { allAccounts, accountIds } };
  });
}
