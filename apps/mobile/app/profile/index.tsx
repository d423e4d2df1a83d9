import { ProfileScreen } from '../../src/features/profile/ProfileScreen';

export default ProfileScreen;
