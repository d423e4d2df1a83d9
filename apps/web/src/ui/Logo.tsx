/** The wordmark: a spinning record and "Turntable LIVE". */
export function Logo() {
  return (
    <span className="logo-mark">
      <svg className="logo-disc" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#14101f" stroke="currentColor" strokeWidth="4" />
        <circle cx="32" cy="32" r="21" fill="none" stroke="#3a2f5c" strokeWidth="2" />
        <circle cx="32" cy="32" r="14" fill="none" stroke="#3a2f5c" strokeWidth="2" />
        <circle cx="32" cy="32" r="7" fill="currentColor" />
        <circle cx="32" cy="32" r="2" fill="#fff" />
      </svg>
      <span className="logo-text">
        <span className="logo-word">Turntable</span> <span className="logo-live">LIVE</span>
      </span>
    </span>
  );
}
