import { SignUpScreen } from '../../src/features/auth/SignUpScreen';

export default SignUpScreen;
