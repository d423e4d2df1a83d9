import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** The centred card every sign-in page uses: a title, a short lead, the form, a footer. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
  testId,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="auth-title" data-testid={testId}>
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {lead ? <p className="auth-lead">{lead}</p> : null}
        <div className="auth-body">{children}</div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </section>
    </div>
  );
}
