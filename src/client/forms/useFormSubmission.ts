import { useCallback, useRef, useState } from 'react';
import { FORM_OUTCOME_MESSAGES, type FormOutcome } from './formMessages';
import type { FormResponse } from './formTypes';

/** The states of SPEC.md section 4 for the feedback and support forms. */
export interface SubmissionState {
  error: string | undefined;
  success: string | undefined;
  sendingRequest: boolean;
  /** True once an answer (of any status) has come back. */
  requestSent: boolean;
}

const FRESH: SubmissionState = {
  error: undefined,
  success: undefined,
  sendingRequest: false,
  requestSent: false,
};

/**
 * Sends a form once at a time: sets sendingRequest, shows success or error by the answer's status,
 * then clears sendingRequest. The state starts fresh each time a form opens (mounts).
 */
export function useFormSubmission(): SubmissionState & {
  send(post: () => Promise<FormResponse>, outcome: (r: FormResponse) => FormOutcome): Promise<boolean>;
} {
  const [state, setState] = useState<SubmissionState>(FRESH);
  const inFlight = useRef(false);

  const send = useCallback(
    async (
      post: () => Promise<FormResponse>,
      outcome: (r: FormResponse) => FormOutcome,
    ): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setState({ error: undefined, success: undefined, sendingRequest: true, requestSent: false });
      let result: FormOutcome;
      try {
        result = outcome(await post());
      } catch {
        // No answer at all (network failure): nothing was received, so the user may try again.
        result = { error: FORM_OUTCOME_MESSAGES.tryLater };
      }
      inFlight.current = false;
      const settled = result;
      setState({
        error: 'error' in settled ? settled.error : undefined,
        success: 'success' in settled ? settled.success : undefined,
        sendingRequest: false,
        requestSent: true,
      });
      return 'success' in settled;
    },
    [],
  );
  return { ...state, send };
}
