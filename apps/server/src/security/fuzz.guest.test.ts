import { fuzzAs } from './fuzz-run';

/** SEC-FUZZ-1 for a guest's token. */
fuzzAs('guest');
