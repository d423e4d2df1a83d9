import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useErrorText } from './errors';

export type SubmitPhase = 'idle' | 'submitting' | 'submitted';

/**
 * Form behaviour of spec §4: submitting, then submitted; an error resets the form to idle
 * and shows the §8 error text.
 */
export function useSubmit<T>(action: () => Promise<T>, onDone?: (result: T) => void) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const toText = useErrorText();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPhase('submitting');
    setError(null);
    try {
      const result = await action();
      setPhase('submitted');
      onDone?.(result);
    } catch (err) {
      setPhase('idle');
      setError(toText(err));
    } finally {
      busy.current = false;
    }
  };

  /** Back to idle, e.g. when a field changes after a successful submit. */
  const reset = useCallback(() => {
    setPhase((p) => (p === 'submitted' ? 'idle' : p));
  }, []);

  return { phase, error, setError, submit, reset, submitting: phase === 'submitting' };
}
