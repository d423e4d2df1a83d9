import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomDesign } from '@tt/protocol';
import { DESIGNS, designVars } from '../../entities/room/designs';
import { Backdrop } from '../../entities/room/stage/Backdrop';

/** The 12 room designs as a visual radio group (arrow keys move between them). */
export function DesignPicker({
  value,
  onChange,
}: {
  value: RoomDesign;
  onChange: (design: RoomDesign) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="design-picker" data-testid="design-picker">
      <legend>{t('roomForm.design')}</legend>
      <p className="field-hint">{t('roomForm.designHint')}</p>
      <div className="design-grid">
        {DESIGNS.map((d) => (
          <label
            key={d}
            className={`design-tile ${value === d ? 'is-selected' : ''}`}
            style={designVars(d)}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={d}
              checked={value === d}
              onChange={() => onChange(d)}
              data-testid={`design-${d}`}
            />
            <Backdrop design={d} className="backdrop-tile" />
            <span className="design-name">{t(`designs.${d}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
