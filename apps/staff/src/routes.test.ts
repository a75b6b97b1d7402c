import { staffPaths } from '@portal/features/paths';
import { describe, expect, it } from 'vitest';
import { pageTable } from './routes';

describe('the staff route table', () => {
  it('declares every page the features link to with @portal/features/paths', () => {
    const patterns = pageTable.map((page) => page.path.replace(/:\w+/g, ':param'));
    const helpers = Object.values(staffPaths).map((path) =>
      typeof path === 'function'
        ? (path as (...ids: string[]) => string)(':param', ':param')
        : path,
    );
    expect(patterns).toEqual(expect.arrayContaining(helpers));
  });
});
