// The hostile-input suite's walk of the routes, shard 2 of 3 (see hostile-input.test.ts).

import { walkRoutes } from './hostile-input.ts';

walkRoutes(1, 3);
