import { LeaderboardScreen } from '../../src/features/profile/LeaderboardScreen';

export default LeaderboardScreen;
