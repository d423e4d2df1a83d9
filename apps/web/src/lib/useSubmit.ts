import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useErrorText } from './errors';

export type SubmitPhase = 'idle' | 'submitting' | 'submitted';

/**
 * A form over a mutation of a feature's queries: submitting, then submitted; an error puts the
 * form back to idle and shows the error's text (the API's message in the user's language).
 * `variables` reads the form when it is sent; `setError` shows a check of the form's own.
 */
export function useSubmit<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  variables: () => TVariables,
  onDone?: (result: TData) => void,
) {
  const [localError, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const toText = useErrorText();
  const { mutateAsync, reset: resetMutation, isPending, isSuccess } = mutation;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      const result = await mutateAsync(variables());
      try {
        onDone?.(result);
      } catch (err) {
        resetMutation();
        setError(toText(err));
      }
    } catch {
      // The mutation keeps the error: it is shown below.
    } finally {
      busy.current = false;
    }
  };

  /** Back to idle, e.g. when a field changes after a successful submit. */
  const reset = useCallback(() => {
    if (isSuccess) resetMutation();
  }, [isSuccess, resetMutation]);

  const phase: SubmitPhase = isPending ? 'submitting' : isSuccess ? 'submitted' : 'idle';
  const error = localError ?? (mutation.error ? toText(mutation.error) : null);
  return { phase, error, setError, submit, reset, submitting: phase === 'submitting' };
}
