import { useTranslation } from 'react-i18next';
import type { RoomRules } from '@tt/protocol';

import { activeRuleLines } from '@tt/rules';

/** ROOM-RULES-1..9: the room's rules, shown to everyone in the room (nothing when none). */
export function RoomRulesBar({ rules }: { rules: RoomRules | undefined }) {
  const { t } = useTranslation();
  const lines = activeRuleLines(rules);
  if (lines.length === 0) return null;
  return (
    <section
      className="pinned-bar room-rules"
      aria-label={t('roomRules.title')}
      data-testid="room-rules"
    >
      <strong>{t('roomRules.title')}</strong>
      <ul>
        {lines.map((l) => (
          <li key={l.key} data-testid={`room-rule-${l.key}`}>
            {t(`roomRules.shown.${l.key}`, l.values)}
          </li>
        ))}
      </ul>
    </section>
  );
}
