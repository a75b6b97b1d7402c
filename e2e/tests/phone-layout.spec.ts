import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';
import { expect, signIn, test } from '../support/fixtures';
import { apiToken, createNewsApi, deleteNewsApi, uniqueTitle } from '../support/news';

/** Phone sizes the product promises: no page scrolls sideways, whatever the data. */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

const AGENT_ROUTES = [
  '/',
  '/my/account',
  '/my/account/edit',
  '/my-customers',
  '/my-sales/summary',
  '/my-sales/real-estate',
  '/my-sales/investment',
  '/my-sales/vlp',
  '/my-team',
  '/my-team-sponsor',
  '/my-training-team',
  '/my/training',
  '/my/reminders',
  '/my/reminders/create',
  '/my/reminders/reporting',
  '/news',
  '/my-prospects',
  '/library',
  '/library/bibliotheque',
  '/library/demandes-modification',
  '/my-invoices/library',
  '/support',
];
const STAFF_ROUTES = [
  '/accueil',
  '/customers',
  '/sales/real-estate',
  '/sales/investment',
  '/sales/vlp',
  '/team',
  '/team/CGP0001',
  '/team/CGP0001/team',
  '/communication/news',
  '/communication/reminders',
  '/communication/notifications',
  '/communication/pictures-library',
  '/administration/users',
  '/administration/users/create',
  '/administration/portail',
  '/prospects',
  '/library/bibliotheque',
  '/library/demandes-modification',
  '/tracking/global',
  '/tracking/users',
  '/odysseal/roles',
  '/invoices/library',
  '/invoices/dispatch',
  '/statistiques/taux-uc',
  '/statistiques/real-estate',
  '/statistiques/investments',
  '/statistiques/team',
];

/** Requests of each page still in flight (the network's idle state is only kept per document). */
const inFlight = new WeakMap<Page, Set<object>>();

function trackRequests(page: Page): void {
  const pending = new Set<object>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * Whether the page shows something still loading: a region marked busy (grids, cards, figures) or
 * a 'Chargement…' status. Runs in the page, after the next two frames, so that what a response
 * just set (a render, the request it starts) has happened.
 */
const busyAfterNextFrames = () =>
  new Promise<boolean>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve(
          document.querySelector('[aria-busy="true"]') !== null ||
            [...document.querySelectorAll('[role="status"]')].some((status) =>
              status.textContent?.includes('Chargement'),
            ),
        ),
      ),
    ),
  );

/**
 * Waits for the page's own ready state: no request of it in flight and nothing shown as loading,
 * twice in a row with frames painted in between (a response's render may start the next request).
 */
async function pageSettled(page: Page): Promise<void> {
  const pending = inFlight.get(page)!;
  let settledChecks = 0;
  await expect
    .poll(
      async () => {
        const settled = pending.size === 0 && !(await page.evaluate(busyAfterNextFrames));
        settledChecks = settled && pending.size === 0 ? settledChecks + 1 : 0;
        return settledChecks >= 2;
      },
      { message: `${page.url()} settles`, intervals: [50] },
    )
    .toBe(true);
}

/** Opens a path of the app already loaded as its links do (the router follows the history). */
async function openInApp(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  if (new URL(page.url()).origin !== target.origin) {
    await page.goto(url);
    return;
  }
  await page.evaluate((path) => history.pushState(null, '', path), target.pathname + target.search);
  await expect(page).toHaveURL(url);
}

/** Fails when the page is wider than the viewport, naming the widest offenders. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await pageSettled(page);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      // Content that scrolls inside its own region does not widen the page.
      .filter((element) => !element.closest('[data-scroll-region]'))
      .slice(0, 5)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
  expect(
    overflow.scrollWidth,
    `${page.url()} is wider than ${overflow.width}px: ${overflow.offenders.join(' | ')}`,
  ).toBeLessThanOrEqual(overflow.width);
}

/**
 * Text the page cuts on purpose, by a CSS selector the cut element matches, each with its reason.
 * Anything else cut ('Espace m…') fails the sweep.
 */
const CUT_ALLOWED: { selector: string; reason: string }[] = [];

/**
 * Fails when a text is cut: an element that clips its text (an ellipsis, or hidden overflow on one
 * line) and whose text is wider than its box, naming each (text, tag and classes).
 */
async function expectNoCutText(page: Page): Promise<void> {
  const cut = await page.evaluate(
    (allowed) => {
      /** Whether a text of the element runs past the element's sides (where it is clipped). */
      const textPastSides = (element: HTMLElement) => {
        const box = element.getBoundingClientRect();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects())
            if (rect.width > 0 && (rect.right > box.right + 1 || rect.left < box.left - 1))
              return true;
        }
        return false;
      };
      return [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => {
          const style = getComputedStyle(element);
          const clips =
            style.textOverflow === 'ellipsis' ||
            (style.overflowX === 'hidden' && style.whiteSpace === 'nowrap');
          // Seen only: `sr-only` text (clipped to nothing) is cut on purpose.
          return (
            clips &&
            style.clipPath === 'none' &&
            style.visibility !== 'hidden' &&
            element.getClientRects().length > 0 &&
            element.scrollWidth > element.clientWidth + 1 &&
            textPastSides(element) &&
            !allowed.some((selector) => element.matches(selector))
          );
        })
        .slice(0, 8)
        .map(
          (element) =>
            `"${(element.textContent ?? '').trim().slice(0, 40)}" (${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)})`,
        );
    },
    CUT_ALLOWED.map(({ selector }) => selector),
  );
  // Soft: one run names every page that cuts a text.
  expect
    .soft(cut, `${page.url()} cuts text at ${await page.evaluate(() => innerWidth)}px`)
    .toEqual([]);
}

/** The app's name in the header reads whole, clear of the bell and the actions beside it. */
async function expectAppNameClear(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const name = banner.getByRole('link').first();
  const right = await name.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    return Math.max(...[...range.getClientRects()].map((rect) => rect.right));
  });
  const bell = await banner.getByRole('button').first().boundingBox();
  expect
    .soft(right, `${page.url()}: the app's name runs under the bell`)
    .toBeLessThanOrEqual(bell!.x);
}

/** The seeded agent with the longest e-mail address, the case that widened pages. */
async function longestAgentEmail(page: Page): Promise<string> {
  const token = await page.request.post(`${E2E.mainApi}/token`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  const { token: bearer } = (await token.json()) as { token: string };
  const users = await page.request.get(`${E2E.mainApi}/users`, {
    params: { itemsPerPage: 100, email: '.cgp' },
    headers: { authorization: `Bearer ${bearer}` },
  });
  const body = (await users.json()) as { 'hydra:member': { email: string; enabled?: boolean }[] };
  const emails = body['hydra:member']
    .map((user) => user.email)
    .filter((email) => email.includes('.cgp'));
  expect(emails.length).toBeGreaterThan(0);
  return emails.sort((a, b) => b.length - a.length)[0]!;
}

/** Signs Claire in with the popup kept: its buttons are fully in view and nothing overflows. */
async function popupFits(page: Page): Promise<void> {
  trackRequests(page);
  await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { newsPopup: 'keep' });
  const popup = page.getByRole('dialog');
  // Headless UI's dialog element has no box of its own: wait for its buttons.
  await expect(popup.getByRole('button', { name: 'Lu', exact: true })).toBeVisible();
  for (const name of ['Lu', 'Reporter', 'Reporter tout']) {
    await expect(popup.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
}

test.describe('phone layout', () => {
  for (const viewport of PHONES) {
    test(`agent portal at ${viewport.width}px: the news popup fits`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      // A popup news item of its own: the news suite reads every one the seed left unread.
      const admin = await apiToken(request, DEMO.admin);
      const news = await createNewsApi(request, admin, {
        title: uniqueTitle('Actualité téléphone'),
        hasPopup: true,
      });
      try {
        await popupFits(page);
      } finally {
        await deleteNewsApi(request, admin, [news.id]);
      }
    });
  }

  // Each page is opened once, the way the menu opens it (in the app, not a reload of the whole
  // app), and checked at every phone width (a resize, not a reload).
  const sweep = async (page: Page, url: string) => {
    for (const [index, viewport] of PHONES.entries()) {
      if (index > 0) await page.setViewportSize(viewport);
      else await openInApp(page, url);
      // The page itself, not the 403 page in its place.
      await expect(page).not.toHaveURL(/\/forbidden$/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoCutText(page);
      await expectAppNameClear(page);
    }
    await page.setViewportSize(PHONES[0]!);
  };

  test(`agent portal at ${PHONES.map((p) => p.width).join(' and ')}px: no sideways scroll with a long e-mail`, async ({
    page,
  }) => {
    // Some 25 pages, each at two widths.
    test.setTimeout(210_000);
    trackRequests(page);
    await page.setViewportSize(PHONES[0]!);
    await signIn(page, E2E.agentApp, await longestAgentEmail(page));
    for (const route of AGENT_ROUTES) await sweep(page, `${E2E.agentApp}${route}`);
  });

  test(`staff console at ${PHONES.map((p) => p.width).join(' and ')}px: no sideways scroll`, async ({
    page,
  }) => {
    // Some 30 pages, the statistics' charts among them.
    test.setTimeout(270_000);
    trackRequests(page);
    await page.setViewportSize(PHONES[0]!);
    await signIn(page, E2E.staffApp, DEMO.admin);
    for (const route of STAFF_ROUTES) await sweep(page, `${E2E.staffApp}${route}`);
  });

  test('at 1280 px a grid shows its last column (reminders’ Concerne) within its width', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { at: `/my/reminders` });
    const about = page.getByRole('columnheader', { name: 'Concerne' });
    // The kit grid's region (the table's own box), around the header.
    const grid = page.getByRole('region').filter({ has: about }).last();
    await expect(about).toBeVisible();
    const [gridBox, aboutBox] = [await grid.boundingBox(), await about.boundingBox()];
    expect(aboutBox!.x + aboutBox!.width, 'Concerne ends inside the grid').toBeLessThanOrEqual(
      gridBox!.x + gridBox!.width + 1,
    );
  });
});
