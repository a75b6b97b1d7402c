import { staffPaths } from '@portal/features/paths/staff';
import { describe, expect, it } from 'vitest';
import { pageTable } from './routes';
import { routes } from './screens';

describe('the staff route table', () => {
  it('declares every page the features link to with @portal/features/paths', () => {
    const patterns = pageTable.map((page) => page.path.replace(/:\w+/g, ':param'));
    const helpers = Object.values(staffPaths).map((path) =>
      typeof path === 'function'
        ? (path as (...ids: string[]) => string)(':param', ':param')
        : path,
    );
    expect(patterns).toEqual(expect.arrayContaining(helpers));
    expect(Object.keys(staffPaths)).toHaveLength(pageTable.filter((page) => 'name' in page).length);
  });

  it('declares each path once, each with a page of src/pages', () => {
    const paths = pageTable.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(routes.map((route) => route.path)).toEqual(paths);
    expect(routes.filter((route) => !route.title)).toEqual([]);
  });
});
