import type { ReactNode } from 'react';

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
