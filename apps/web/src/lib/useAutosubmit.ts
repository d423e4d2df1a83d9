import { useEffect, useRef } from 'react';

/** FORM-AUTO-1: how long a form waits after the last change before it saves itself. */
export const AUTOSUBMIT_MS = 600;

/**
 * FORM-AUTO-1: a form that saves itself `delay` ms after its last change (each change restarts
 * the wait). `key` is the form's values as one string: nothing is sent for the values it opened
 * with or for the values it last sent, nor while `ready` is false (e.g. a required field is empty).
 * The form still has its button; submitting by hand cancels the pending wait (call `sent`).
 */
export function useAutosubmit(
  key: string,
  ready: boolean,
  submit: () => void,
  delay: number = AUTOSUBMIT_MS,
) {
  const lastSent = useRef(key);
  const latest = useRef(submit);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  latest.current = submit;
  useEffect(() => {
    if (!ready || key === lastSent.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      lastSent.current = key;
      latest.current();
    }, delay);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [key, ready, delay]);
  return {
    /** The form was sent by hand with these values: the pending wait is dropped. */
    sent: () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      lastSent.current = key;
    },
  };
}
