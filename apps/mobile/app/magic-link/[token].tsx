import { MagicLinkScreen } from '../../src/features/auth/MagicLinkScreen';

export default MagicLinkScreen;
