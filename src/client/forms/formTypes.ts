/** The signed-in user the forms prefill from (names and, when known, the email address). */
export interface FormUser {
  username: string;
  firstName: string;
  lastName: string;
  email?: string;
}

/** What posting a form answered: the HTTP status and the parsed body (undefined when empty). */
export interface FormResponse {
  status: number;
  data: unknown;
}

/**
 * Posts a form body to a path ('/post-feedback', '/post-support') with the caller's bearer token and
 * resolves with the status, whatever it is; it rejects only when no answer came (network failure).
 */
export type PostForm = (path: string, body: Record<string, unknown>) => Promise<FormResponse>;

/** The props both form pages take, so the app can wire them to its session and API client. */
export interface FormPageProps {
  user: FormUser;
  postForm: PostForm;
}
