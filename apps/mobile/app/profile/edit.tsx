import { EditProfileScreen } from '../../src/features/profile/EditProfileScreen';

export default EditProfileScreen;
