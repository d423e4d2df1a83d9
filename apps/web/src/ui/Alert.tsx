import type { ReactNode } from 'react';
import { useErrorText } from '../lib/errors';

/** An error (announced at once) or a success note (announced politely). */
export function Alert({
  kind = 'error',
  children,
  testId,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <div
      className={`alert alert-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `alert-${kind}`}
    >
      {children}
    </div>
  );
}

/** A failed request's error in the user's language (nothing when there is none). */
export function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <Alert>{error ? errorText(error) : null}</Alert>;
}
