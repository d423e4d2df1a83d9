import type { SubmitPhase } from '../lib/useSubmit';

/** The submit button of a form: its label follows the phases (idle, submitting, submitted). */
export function SubmitButton({
  phase,
  idle,
  submitting,
  submitted,
  testId,
  disabled,
  className = 'btn btn-primary btn-block',
}: {
  phase: SubmitPhase;
  idle: string;
  submitting: string;
  submitted?: string;
  testId?: string;
  disabled?: boolean;
  className?: string;
}) {
  const label =
    phase === 'submitting' ? submitting : phase === 'submitted' && submitted ? submitted : idle;
  return (
    <button
      type="submit"
      className={className}
      disabled={disabled || phase === 'submitting'}
      aria-busy={phase === 'submitting'}
      data-testid={testId}
      data-phase={phase}
    >
      {phase === 'submitting' ? <span className="spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
