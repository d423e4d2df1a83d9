import { RoomsScreen } from '../src/features/rooms/RoomsScreen';

/** The Rooms tab: find a room. */
export default function Home() {
  return <RoomsScreen />;
}
