import { fuzzAs } from './fuzz-run';

/** SEC-FUZZ-1 for callers without a token. */
fuzzAs('none');
