import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Preset colours (the brand purple first) plus a free colour input. */
const PRESETS = ['#562DF9', '#8B5CF6', '#EC4899', '#F43F5E', '#F59E0B', '#10B981', '#06B6D4'];

export function ColorPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="color-picker">
      <legend>{t('fields.color')}</legend>
      <p className="field-hint">{t('editProfile.colorHint')}</p>
      <div className="swatches">
        {PRESETS.map((c) => (
          <label key={c} className="swatch" style={{ background: c }}>
            <input
              type="radio"
              name={`${id}-preset`}
              value={c}
              checked={value.toLowerCase() === c.toLowerCase()}
              onChange={() => onChange(c)}
              className="sr-only"
            />
            <span className="sr-only">{c}</span>
          </label>
        ))}
        <label className="swatch-custom">
          <input
            type="color"
            value={value}
            onChange={(e) => onChange(e.target.value.toUpperCase())}
            data-testid="color-input"
          />
          <span>{t('editProfile.customColor')}</span>
        </label>
      </div>
    </fieldset>
  );
}
