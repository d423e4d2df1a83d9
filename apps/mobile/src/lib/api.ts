import { ApiError, createApiClient } from '@tt/api-client';
import { API_URL } from './config';
import { currentToken } from './token';

/** The one API client of the app: the server of API_URL, bearer from the secure store. */
export const api = createApiClient({ baseUrl: API_URL, getToken: currentToken });

export { ApiError };
