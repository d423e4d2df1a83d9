import { AvatarScreen } from '../../src/features/profile/AvatarScreen';

export default AvatarScreen;
