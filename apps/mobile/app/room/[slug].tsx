import { useLocalSearchParams } from 'expo-router';
import { RoomScreen } from '../../src/features/room/RoomScreen';

/** /room/<slug>: a room, live. */
export default function Room() {
  const { slug } = useLocalSearchParams<{ slug: string }>();
  return <RoomScreen slug={String(slug ?? '').toLowerCase()} />;
}
