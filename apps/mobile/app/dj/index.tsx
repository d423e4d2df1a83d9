import { CratesScreen } from '../../src/features/dj/CratesScreen';

/** /dj: the DJ's crates (queue, starred, their own), and a new one. */
export default CratesScreen;
