import { configure } from '@testing-library/react';

// The route modules load on use (as in the browser), and `npm test` runs these beside the server suite on a
// 2-core machine: a first render can take longer than Testing Library's 1 s default to find what it waits for.
configure({ asyncUtilTimeout: 5_000 });
