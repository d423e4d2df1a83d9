import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActivityIndicator,
  KeyboardAvoidingView,
  Platform,
  Pressable,
  StyleSheet,
  Text,
  TextInput,
  View,
} from 'react-native';
import { ROOM_PASSWORD_MAX_LENGTH } from '@tt/protocol';
import { theme } from '../../ui/theme';
import './access-i18n';
import type { Gate } from './useEnterRoom';

/**
 * The door of a password room: the password, sent with the join (useEnterRoom's `submit`); a
 * wrong one shows the server's message under the field.
 */
export function PasswordPrompt({
  roomName,
  gate,
  onBack,
}: {
  roomName: string;
  gate: Extract<Gate, { kind: 'password' }>;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const send = () => {
    if (password && !gate.busy) gate.submit(password);
  };
  return (
    <KeyboardAvoidingView
      style={styles.screen}
      behavior={Platform.OS === 'ios' ? 'padding' : undefined}
      testID="room-password"
    >
      <View style={styles.card}>
        <View style={styles.lock} accessibilityElementsHidden importantForAccessibility="no">
          <View style={styles.shackle} />
          <View style={styles.lockBody} />
        </View>
        <Text style={styles.room} numberOfLines={2}>
          {roomName}
        </Text>
        <Text style={styles.title}>{t('roomAccess.password.title')}</Text>
        <Text style={styles.muted}>{t('roomAccess.password.lead')}</Text>
        <TextInput
          value={password}
          onChangeText={setPassword}
          onSubmitEditing={send}
          secureTextEntry
          autoFocus
          autoCapitalize="none"
          autoCorrect={false}
          maxLength={ROOM_PASSWORD_MAX_LENGTH}
          returnKeyType="go"
          accessibilityLabel={t('roomAccess.password.label')}
          placeholder={t('roomAccess.password.label')}
          placeholderTextColor={theme.muted}
          style={styles.input}
          testID="room-password-input"
        />
        {gate.message ? (
          <Text style={styles.error} accessibilityLiveRegion="polite" testID="room-password-error">
            {gate.message}
          </Text>
        ) : null}
        <Pressable
          accessibilityRole="button"
          accessibilityState={{ disabled: !password || gate.busy }}
          disabled={!password || gate.busy}
          onPress={send}
          style={[styles.button, (!password || gate.busy) && styles.disabled]}
          testID="room-password-submit"
        >
          {gate.busy ? (
            <ActivityIndicator color="#fff" />
          ) : (
            <Text style={styles.buttonText}>{t('roomAccess.password.enter')}</Text>
          )}
        </Pressable>
        {onBack ? (
          <Pressable
            accessibilityRole="button"
            onPress={onBack}
            style={styles.back}
            testID="room-password-back"
          >
            <Text style={styles.backText}>{t('roomAccess.password.back')}</Text>
          </Pressable>
        ) : null}
      </View>
    </KeyboardAvoidingView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, justifyContent: 'center', padding: 20, backgroundColor: theme.bg },
  card: {
    gap: 12,
    padding: 22,
    borderRadius: 24,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.brand,
    alignItems: 'stretch',
  },
  lock: { alignSelf: 'center', alignItems: 'center', marginBottom: 4 },
  shackle: {
    width: 26,
    height: 22,
    borderWidth: 4,
    borderBottomWidth: 0,
    borderColor: theme.brand,
    borderTopLeftRadius: 13,
    borderTopRightRadius: 13,
  },
  lockBody: { width: 40, height: 30, borderRadius: 8, backgroundColor: theme.brand },
  room: { color: theme.muted, textAlign: 'center', fontWeight: '700' },
  title: { color: theme.text, fontSize: 20, fontWeight: '800', textAlign: 'center' },
  muted: { color: theme.muted, textAlign: 'center' },
  input: {
    minHeight: 50,
    borderRadius: 14,
    paddingHorizontal: 14,
    color: theme.text,
    backgroundColor: theme.bg,
    borderWidth: 1,
    borderColor: theme.border,
    fontSize: 16,
  },
  error: { color: theme.danger, textAlign: 'center' },
  button: {
    minHeight: 52,
    borderRadius: 14,
    backgroundColor: theme.brand,
    alignItems: 'center',
    justifyContent: 'center',
  },
  disabled: { opacity: 0.5 },
  buttonText: { color: '#fff', fontWeight: '800', fontSize: 16 },
  back: { minHeight: 44, alignItems: 'center', justifyContent: 'center' },
  backText: { color: theme.muted, fontWeight: '700' },
});
