import { agentPaths } from '@portal/features/paths';
import { describe, expect, it } from 'vitest';
import { routes } from './screens';

describe('the agent route table', () => {
  it('declares every page the features link to with @portal/features/paths', () => {
    const patterns = routes.map((route) => route.path.replace(/:\w+/g, ':param'));
    const helpers = Object.values(agentPaths).map((path) =>
      typeof path === 'function' ? path(':param') : path,
    );
    expect(patterns).toEqual(expect.arrayContaining(helpers));
  });
});
