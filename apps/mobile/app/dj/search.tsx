import { SearchScreen } from '../../src/features/dj/SearchScreen';

/** /dj/search (?crate=<uuid|queue|likes>): song search; found songs go to a crate. */
export default SearchScreen;
