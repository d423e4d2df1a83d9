import { BRAND_TEXT } from '../lib/brand';

/** The wordmark: a spinning record and the product's name (BRAND-NAME-1). */
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
        <span className="logo-word">{BRAND_TEXT.word}</span>{' '}
        <span className="logo-live">{BRAND_TEXT.tag}</span>
      </span>
    </span>
  );
}
