import { expect, test } from './test';

// Every test has a browser context of its own (tests/e2e/test.ts): what `test.use` asks of the context
// is applied, and what a test does to its context ends with it. The pages here are a static file of
// the app (its icon), so no script of the app runs.

test.describe('a phone-sized context asked for with test.use', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'de-DE' });

  test('gets the viewport and the locale it asked for', async ({ page }) => {
    await page.goto('/favicon.png');
    expect(await page.evaluate(() => [innerWidth, innerHeight, navigator.language])).toEqual([
      375,
      812,
      'de-DE',
    ]);
  });
});

test.describe('one test after another', () => {
  test('the first leaves a script, a route, storage and a cookie in its context', async ({
    context,
    page,
  }) => {
    await context.addInitScript(() => {
      (window as { leftBehind?: boolean }).leftBehind = true;
    });
    await context.route('**/nothing-here.txt', (route) => route.fulfill({ body: 'routed' }));
    await page.goto('/favicon.png');
    await page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
    });
    await context.addCookies([{ name: 'left-behind', value: '1', url: page.url() }]);
    expect(await page.evaluate(() => (window as { leftBehind?: boolean }).leftBehind)).toBe(true);
  });

  test('the next finds none of it', async ({ context, page }) => {
    await page.goto('/favicon.png');
    expect(
      await page.evaluate(() => ({
        script: (window as { leftBehind?: boolean }).leftBehind ?? false,
        local: localStorage.getItem('left-behind'),
        session: sessionStorage.getItem('left-behind'),
      })),
    ).toEqual({ script: false, local: null, session: null });
    expect(await context.cookies()).toEqual([]);
    expect((await page.request.get('/nothing-here.txt')).status()).toBe(404);
    const routed = await page.evaluate(() => fetch('/nothing-here.txt').then((r) => r.status));
    expect(routed).toBe(404);
  });
});
