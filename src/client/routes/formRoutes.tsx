import { ApiError, request } from '../api';
import { type FormResponse, RequestSupportPage, ShareFeedbackPage } from '../forms';
import { useSession } from '../session/useSession';

/**
 * Posts a form with the session's bearer token. Every HTTP answer resolves with its status (the
 * forms show their own messages, so 5xx skip the global message bar); only a network failure rejects.
 */
async function postForm(path: string, body: Record<string, unknown>): Promise<FormResponse> {
  try {
    const data = await request<unknown>(path, { body, reportServerErrors: false });
    return { status: 200, data };
  } catch (err) {
    if (err instanceof ApiError && err.status > 0) return { status: err.status, data: err.body };
    throw err;
  }
}

function useFormUser() {
  const { user } = useSession();
  return {
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email,
  };
}

/** /share-feedback wired to the session and the API client. */
export function ShareFeedbackRoute() {
  return <ShareFeedbackPage user={useFormUser()} postForm={postForm} />;
}

/** /request-support wired to the session and the API client. */
export function RequestSupportRoute() {
  return <RequestSupportPage user={useFormUser()} postForm={postForm} />;
}
