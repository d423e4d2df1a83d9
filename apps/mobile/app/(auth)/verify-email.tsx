import { VerifyEmailScreen } from '../../src/features/auth/VerifyEmailScreen';

export default VerifyEmailScreen;
