import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { theme } from '../../ui/theme';
import { ANNOUNCE_LEVELS, setAnnounceLevel, useAnnounceLevel } from './announce-level';
import './announce-i18n';

/** A11Y-PHONE-3: off / important / everything, in the room and in the settings. */
export function AnnounceSwitch() {
  const { t } = useTranslation();
  const level = useAnnounceLevel();
  return (
    <View style={styles.wrap}>
      <Text style={styles.label}>{t('announce.setting')}</Text>
      <View
        style={styles.row}
        accessibilityRole="radiogroup"
        accessibilityLabel={t('announce.setting')}
      >
        {ANNOUNCE_LEVELS.map((l) => {
          const selected = level === l;
          return (
            <Pressable
              key={l}
              accessibilityRole="radio"
              accessibilityLabel={t(`announce.level.${l}`)}
              accessibilityState={{ selected, checked: selected }}
              onPress={() => void setAnnounceLevel(l)}
              style={[styles.option, selected && styles.on]}
              testID={`announce-${l}`}
            >
              <Text style={[styles.text, selected && styles.textOn]}>
                {t(`announce.level.${l}`)}
              </Text>
            </Pressable>
          );
        })}
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: 6 },
  label: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  row: { flexDirection: 'row', gap: 6 },
  option: {
    flex: 1,
    minHeight: 44,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
    paddingHorizontal: 4,
  },
  on: { backgroundColor: theme.brand, borderColor: theme.brand },
  text: { color: theme.text, fontWeight: '700', fontSize: 13, textAlign: 'center' },
  textOn: { color: '#fff' },
});
