import { useTranslation } from 'react-i18next';
import { StyleSheet, Text, View } from 'react-native';
import type { RoomRules as Rules } from '@tt/protocol';
import { i18n } from '../../i18n';
import { theme } from '../../ui/theme';
import { RULE_REFUSAL_CODES, type RuleRefusalCode } from './rules-i18n';

import { activeRuleLines } from '@tt/rules';

/** A ROOM_RULE_* refusal in the app's language, or null for any other code. */
export function ruleRefusalText(code: string | null | undefined): string | null {
  if (!code || !RULE_REFUSAL_CODES.includes(code as RuleRefusalCode)) return null;
  return i18n.t(`roomRules.refusal.${code}`);
}

/** ROOM-RULES-1..9: the room's rules, shown to everyone in the room (nothing when none). */
export function RoomRulesCard({ rules }: { rules: Rules | undefined | null }) {
  const { t } = useTranslation();
  const lines = activeRuleLines(rules);
  if (lines.length === 0) return null;
  return (
    <View style={styles.card} testID="room-rules">
      <Text style={styles.title} accessibilityRole="header">
        {t('roomRules.title')}
      </Text>
      {lines.map((l) => (
        <Text key={l.key} style={styles.line} testID={`room-rule-${l.key}`}>
          {`• ${t(`roomRules.shown.${l.key}`, l.values)}`}
        </Text>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 14,
    padding: 12,
    gap: 4,
  },
  title: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  line: { color: theme.text, fontSize: 14 },
});
