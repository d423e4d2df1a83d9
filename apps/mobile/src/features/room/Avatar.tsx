import { useEffect, useRef } from 'react';
import { Animated, Easing, StyleSheet, Text, View } from 'react-native';
import { theme } from '../../ui/theme';

export interface AvatarProps {
  nickname: string;
  color: string;
  size?: number;
  /** Bobs up and down (the crowd dances while the vibe meter is positive). */
  dancing?: boolean;
  /** A ring in the brand colour (a DJ, or someone who liked the song). */
  ring?: boolean;
  /** The nickname under the badge (off where the name is written beside it). */
  showName?: boolean;
  testID?: string;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A person as a round badge in their avatar's colour with their initials, bobbing when dancing. */
export function Avatar({
  nickname,
  color,
  size = 48,
  dancing = false,
  ring,
  showName = true,
  testID,
}: AvatarProps) {
  const bob = useRef(new Animated.Value(0)).current;
  useEffect(() => {
    if (!dancing) {
      bob.setValue(0);
      return;
    }
    const loop = Animated.loop(
      Animated.sequence([
        Animated.timing(bob, {
          toValue: 1,
          duration: 260,
          easing: Easing.out(Easing.quad),
          useNativeDriver: true,
        }),
        Animated.timing(bob, {
          toValue: 0,
          duration: 260,
          easing: Easing.in(Easing.quad),
          useNativeDriver: true,
        }),
      ]),
    );
    loop.start();
    return () => loop.stop();
  }, [dancing, bob]);
  const translateY = bob.interpolate({ inputRange: [0, 1], outputRange: [0, -size / 6] });
  return (
    <View style={[styles.cell, { width: showName ? size + 16 : size }]} testID={testID}>
      <Animated.View
        style={[
          styles.badge,
          {
            width: size,
            height: size,
            borderRadius: size / 2,
            backgroundColor: color || theme.brand,
            borderColor: ring ? theme.brand : 'transparent',
            transform: [{ translateY }],
          },
        ]}
      >
        <Text style={[styles.initials, { fontSize: size / 2.6 }]}>{initials(nickname)}</Text>
      </Animated.View>
      {showName ? (
        <Text style={styles.name} numberOfLines={1}>
          {nickname}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  cell: { alignItems: 'center', gap: 4 },
  badge: { alignItems: 'center', justifyContent: 'center', borderWidth: 3 },
  initials: { color: '#fff', fontWeight: '800', textShadowColor: '#0008', textShadowRadius: 3 },
  name: { color: theme.muted, fontSize: 11, maxWidth: '100%' },
});
