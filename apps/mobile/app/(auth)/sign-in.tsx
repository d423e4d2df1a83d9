import { SignInScreen } from '../../src/features/auth/SignInScreen';

export default SignInScreen;
