/** A group id of an address: the /my-groups registry's reader (config/my-groups-paths.ts), for the pages that import it here. */
export { groupIdOf } from '../../../config/my-groups-paths';
