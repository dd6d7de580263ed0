// The hostile-input suite's walk of the routes, shard 3 of 3 (see hostile-input.test.ts).

import { walkRoutes } from './hostile-input.ts';

walkRoutes(2, 3);
