import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** Text after the label, e.g. "optional". */
  aside?: string;
}

/** A labelled text input with an optional hint (linked by aria-describedby). */
export function Field({ label, hint, aside, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        {aside ? <span className="field-aside"> · {aside}</span> : null}
      </label>
      <input id={id} aria-describedby={hintId} {...input} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
