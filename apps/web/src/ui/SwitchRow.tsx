/** One labelled on/off switch of a `.switch-list` (capabilities, room state). */
export function SwitchRow({
  label,
  hint,
  on,
  busy,
  onChange,
  testId,
}: {
  label: string;
  hint: string;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <li>
      <span>
        <strong>{label}</strong>
        <small>{hint}</small>
      </span>
      <label className="switch">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(ev) => onChange(ev.target.checked)}
          aria-label={label}
          data-testid={testId}
        />
        <span aria-hidden="true" />
      </label>
    </li>
  );
}
