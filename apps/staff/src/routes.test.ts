import { staffPaths } from '@portal/features/paths/staff';
import { describeRouteTable } from '@portal/features/testing';
import { pageTable } from './routes';
import { routes, screenLoaders } from './screens';

describeRouteTable('staff', { pageTable, routes, screenLoaders, paths: staffPaths });
