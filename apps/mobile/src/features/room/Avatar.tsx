import { useEffect, useRef } from 'react';
import { Animated, Easing, StyleSheet, Text, View } from 'react-native';
import { avatarFigureSize } from '@tt/rules';
import { theme } from '../../ui/theme';
import { useReduceMotion } from '../../ui/useReduceMotion';
import { Figure } from '../avatars/Figure';
import { useAvatarArt } from '../avatars/queries';

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
  /** Their avatar's slug (a profile's avatarId): drawn as that character when it names one. */
  avatarId?: string | null;
  /**
   * `head`: the character's head in the round badge (lists, cards, chat); `full`: the whole
   * character standing on a spot of their colour, 1.5 × `size` high (the stage and the floor).
   */
  mode?: 'head' | 'full';
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A person: their avatar character (AVATAR-ART-1) on their colour when `avatarId` names one, else
 * a round badge in their colour with their initials; bobbing (and the character's eyes closed)
 * when dancing.
 */
export function Avatar({
  nickname,
  color,
  size = 48,
  dancing = false,
  ring,
  showName = true,
  testID,
  avatarId,
  mode = 'head',
}: AvatarProps) {
  const art = useAvatarArt(avatarId);
  const bob = useRef(new Animated.Value(0)).current;
  // A11Y-PHONE-5: with reduced motion asked for, nobody bobs (the dancing pose stays, still).
  const calm = useReduceMotion();
  const bobbing = dancing && !calm;
  useEffect(() => {
    if (!bobbing) {
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
  }, [bobbing, bob]);
  const translateY = bob.interpolate({ inputRange: [0, 1], outputRange: [0, -size / 6] });
  const background = color || theme.brand;
  const full = art !== null && mode === 'full';
  const figureHeight = Math.round(size * 1.5);
  const figureWidth = Math.round(avatarFigureSize('full', figureHeight).width);
  // A figure's name may run a little wider than it: five fit in a row at 390 px.
  const cellWidth = Math.max(full ? figureWidth : size, size) + (showName ? (full ? 8 : 16) : 0);
  return (
    <View
      style={[styles.cell, { width: cellWidth }]}
      testID={testID}
      accessible
      accessibilityRole="image"
      accessibilityLabel={nickname}
    >
      {full ? (
        <View style={{ width: figureWidth, height: figureHeight + size * 0.12 }}>
          <View
            style={[
              styles.spot,
              {
                width: figureWidth,
                height: size * 0.3,
                borderRadius: figureWidth / 2,
                backgroundColor: background,
                borderColor: ring ? theme.brand : 'transparent',
              },
            ]}
          />
          <Animated.View style={{ transform: [{ translateY }] }}>
            <Figure
              art={art}
              mode="full"
              size={figureHeight}
              dancing={dancing}
              testID={testID ? `${testID}-figure` : undefined}
            />
          </Animated.View>
        </View>
      ) : (
        <Animated.View
          style={[
            styles.badge,
            {
              width: size,
              height: size,
              borderRadius: size / 2,
              backgroundColor: background,
              borderColor: ring ? theme.brand : 'transparent',
              transform: [{ translateY }],
            },
            art ? styles.art : null,
          ]}
        >
          {art ? (
            <Figure
              art={art}
              mode="head"
              size={Math.round(size * 0.92)}
              dancing={dancing}
              testID={testID ? `${testID}-figure` : undefined}
            />
          ) : (
            <Text style={[styles.initials, { fontSize: size / 2.6 }]}>{initials(nickname)}</Text>
          )}
        </Animated.View>
      )}
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
  art: { justifyContent: 'flex-end', overflow: 'hidden' },
  spot: { position: 'absolute', bottom: 0, left: 0, borderWidth: 2, opacity: 0.9 },
  initials: { color: '#fff', fontWeight: '800', textShadowColor: '#0008', textShadowRadius: 3 },
  name: { color: theme.muted, fontSize: 11, maxWidth: '100%' },
});
