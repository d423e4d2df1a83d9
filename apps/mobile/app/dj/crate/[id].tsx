import { useLocalSearchParams } from 'expo-router';
import { refFromParam } from '../../../src/features/dj/active-crate';
import { CrateScreen } from '../../../src/features/dj/CrateScreen';

/** /dj/crate/<uuid|queue|likes>: one crate, in the order its songs play. */
export default function Crate() {
  const { id } = useLocalSearchParams<{ id: string }>();
  return <CrateScreen crateRef={refFromParam(String(id ?? 'queue'))} />;
}
