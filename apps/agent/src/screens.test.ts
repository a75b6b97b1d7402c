import { agentPaths } from '@portal/features/paths';
import { describeRouteTable } from '@portal/features/testing';
import { pageTable } from './routes';
import { routes, screenLoaders } from './screens';

describeRouteTable('agent', { pageTable, routes, screenLoaders, paths: agentPaths });
