import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { LANGUAGES } from '../../i18n';
import { theme } from '../../ui/theme';
import { setLanguage } from './language';
import './i18n';

/** English / Español: switches at once and keeps the choice. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <View
      style={styles.row}
      accessibilityRole="radiogroup"
      accessibilityLabel={t('settings.language')}
    >
      {LANGUAGES.map((lang) => {
        const selected = i18n.language === lang;
        return (
          <Pressable
            key={lang}
            accessibilityRole="radio"
            accessibilityState={{ selected }}
            onPress={() => void setLanguage(lang)}
            style={[styles.option, selected && { backgroundColor: theme.brand }]}
            testID={`language-${lang}`}
          >
            <Text style={styles.text}>{t(`settings.languages.${lang}`)}</Text>
          </Pressable>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', gap: 8 },
  option: {
    flex: 1,
    minHeight: 48,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  text: { color: theme.text, fontWeight: '700', fontSize: 15 },
});
