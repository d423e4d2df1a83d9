import { useEffect, type ReactNode } from 'react';
import { useNavigation } from 'expo-router';
import {
  ActivityIndicator,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  View,
  type TextInputProps,
} from 'react-native';
import { theme } from '../../ui/theme';

/** The header title of the screen (the route's file name otherwise). */
export function useTitle(title: string): void {
  const navigation = useNavigation();
  useEffect(() => navigation.setOptions({ title }), [navigation, title]);
}

/** A screen of the auth and profile flows: dark club background, one rounded card. */
export function Screen({ children, testID }: { children: ReactNode; testID?: string }) {
  return (
    <ScrollView
      style={{ backgroundColor: theme.bg }}
      contentContainerStyle={styles.screen}
      keyboardShouldPersistTaps="handled"
      testID={testID}
    >
      {children}
    </ScrollView>
  );
}

export function Card({ children }: { children: ReactNode }) {
  return <View style={styles.card}>{children}</View>;
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Text style={styles.title} accessibilityRole="header">
      {children}
    </Text>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <Text style={styles.muted}>{children}</Text>;
}

export function Field({
  label,
  hint,
  ...input
}: TextInputProps & { label: string; hint?: string }) {
  return (
    <View style={styles.field}>
      <Text style={styles.label}>{label}</Text>
      <TextInput
        accessibilityLabel={label}
        placeholderTextColor={theme.muted}
        style={styles.input}
        autoCapitalize="none"
        {...input}
      />
      {hint ? <Text style={styles.hint}>{hint}</Text> : null}
    </View>
  );
}

export function Button({
  label,
  onPress,
  busy,
  kind = 'primary',
  testID,
}: {
  label: string;
  onPress: () => void;
  busy?: boolean;
  kind?: 'primary' | 'ghost' | 'danger';
  testID?: string;
}) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityState={{ busy: !!busy, disabled: !!busy }}
      disabled={busy}
      onPress={onPress}
      testID={testID}
      style={({ pressed }) => [
        styles.button,
        kind === 'primary' && { backgroundColor: theme.brand },
        kind === 'ghost' && styles.ghost,
        kind === 'danger' && { borderColor: theme.danger, borderWidth: 1 },
        pressed && { opacity: 0.8 },
      ]}
    >
      {busy ? (
        <ActivityIndicator color={theme.text} />
      ) : (
        <Text style={[styles.buttonText, kind === 'danger' && { color: theme.danger }]}>
          {label}
        </Text>
      )}
    </Pressable>
  );
}

/** A failed call's message, read out by screen readers. */
export function ErrorText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Text style={styles.error} accessibilityRole="alert" testID="form-error">
      {children}
    </Text>
  );
}

export const styles = StyleSheet.create({
  screen: { padding: 20, gap: 16, flexGrow: 1, justifyContent: 'center' },
  card: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 20,
    padding: 20,
    gap: 14,
  },
  title: { color: theme.text, fontSize: 26, fontWeight: '800' },
  muted: { color: theme.muted, fontSize: 15, lineHeight: 21 },
  field: { gap: 6 },
  label: { color: theme.text, fontSize: 14, fontWeight: '600' },
  hint: { color: theme.muted, fontSize: 13 },
  input: {
    minHeight: 50,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.bg,
    color: theme.text,
    paddingHorizontal: 14,
    fontSize: 16,
  },
  button: {
    minHeight: 52,
    borderRadius: 14,
    alignItems: 'center',
    justifyContent: 'center',
    paddingHorizontal: 16,
  },
  ghost: { borderColor: theme.border, borderWidth: 1 },
  buttonText: { color: theme.text, fontSize: 16, fontWeight: '700' },
  error: { color: theme.danger, fontSize: 15 },
  link: { color: theme.text, fontSize: 15, textDecorationLine: 'underline', paddingVertical: 8 },
});
