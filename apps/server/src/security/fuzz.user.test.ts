import { fuzzAs } from './fuzz-run';

/** SEC-FUZZ-1 for a user's token. */
fuzzAs('user');
