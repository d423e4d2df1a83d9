import { useTranslation } from 'react-i18next';
import { BAN_LENGTH_CHOICES } from '@tt/rules';

/** The length of a ban (platform or room): minutes, or null for "until lifted". */
export function BanLengthField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number | null;
  onChange: (minutes: number | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{label}</span>
      <select
        value={value ?? 'forever'}
        onChange={(e) => onChange(e.target.value === 'forever' ? null : Number(e.target.value))}
        data-testid={testId}
      >
        {BAN_LENGTH_CHOICES.map((m) => (
          <option key={m ?? 'forever'} value={m ?? 'forever'}>
            {t(`admin.lengths.${m ?? 'forever'}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
