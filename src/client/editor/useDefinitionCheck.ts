import { useEffect, useState } from 'react';
import type { NormalizedPage } from '../../../engine';
import { ApiError } from '../api';
import { type DefinitionCheck, validateSource } from './editorApi';

/** How long typing must pause before the text is checked. */
export const CHECK_DEBOUNCE_MS = 400;

/** The state of the check of the text being edited. */
export interface DefinitionCheckState {
  /** The check of `checkedText`; undefined before the first answer. */
  result?: DefinitionCheck;
  checkedText?: string;
  /** True while the text differs from the last checked one (typing, or the request in flight). */
  pending: boolean;
  /** The last valid page of this file: the preview keeps it while the text has errors. */
  lastGood?: NormalizedPage;
  /** A failed check call (network, server), as a sentence. */
  failure?: string;
}

/**
 * Checks `text` as `file` with POST /api/dashboards/validate once typing pauses for ~400 ms;
 * an answer for a text that has since changed is dropped (its request is aborted).
 */
export function useDefinitionCheck(file: string | undefined, text: string | undefined): DefinitionCheckState {
  const [state, setState] = useState<Omit<DefinitionCheckState, 'pending'> & { file?: string }>({});

  useEffect(() => {
    if (!file || text === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      validateSource(file, text, controller.signal).then(
        (result) =>
          setState((s) => ({
            file,
            result,
            checkedText: text,
            lastGood: result.normalized ?? (s.file === file ? s.lastGood : undefined),
          })),
        (err: unknown) => {
          if (controller.signal.aborted) return;
          const failure =
            err instanceof ApiError
              ? err.message
              : 'The check could not be sent; it is tried again on the next edit';
          setState((s) => ({ ...s, file, failure, checkedText: text }));
        },
      );
    }, CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, text]);

  const same = state.file === file;
  return {
    result: same ? state.result : undefined,
    checkedText: same ? state.checkedText : undefined,
    lastGood: same ? state.lastGood : undefined,
    failure: same && state.checkedText === text ? state.failure : undefined,
    pending: !same || state.checkedText !== text,
  };
}
