import { Redirect, useLocalSearchParams } from 'expo-router';

/**
 * Room links: `<scheme>://rooms/<slug>` and the web's `https://<host>/rooms/<slug>` (the same
 * path as the web's room page) open the room screen.
 */
export default function RoomLink() {
  const { slug } = useLocalSearchParams<{ slug: string }>();
  return (
    <Redirect
      href={{ pathname: '/room/[slug]', params: { slug: String(slug ?? '').toLowerCase() } }}
    />
  );
}
