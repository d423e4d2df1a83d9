import { fuzzAs } from './fuzz-run';

/** SEC-FUZZ-1 for an admin's token. */
fuzzAs('admin');
