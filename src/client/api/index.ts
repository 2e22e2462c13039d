export { ApiError } from './ApiError';
export {
  fetchClaims,
  requestImpersonationToken,
  requestPasswordReset,
  requestPasswordToken,
  resetPassword,
} from './authApi';
export { getData, postData, postDataFile } from './dataApi';
export { CLIENT_ID, EXTENDED_TOKEN_HEADER, type RequestOptions, refreshTokens, request } from './http';
export { queryClient } from './queryClient';
export { fetchAccounts, fetchSites } from './referenceApi';
