import { ApiError, createApiClient } from '@tt/api-client';
import { currentToken } from './session';

/** The one API client of the web app: same origin, bearer from the session store. */
export const api = createApiClient({ baseUrl: '', getToken: currentToken });

export const GENERIC_ERROR = 'Something went wrong, please try again';

export { ApiError };
