import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('dashboard', () => {
  test('the program manager sees the four cards, both charts and five recent visits', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const name of ['Contractors Served', 'Active Properties', 'Sold Properties', 'Visits']) {
      const card = page.getByRole('region', { name, exact: true });
      await expect(card.getByTestId('stat-value')).toHaveText(/^\d[\d,]*$/);
    }
    // The demo world has 18 months of visits: the last 30 days are not empty.
    await expect(page.getByRole('region', { name: 'Visits', exact: true }).getByTestId('stat-value')).not.toHaveText(
      '0',
    );
    for (const name of ['Daily Visits', 'Monthly Visits']) {
      const chart = page.getByRole('region', { name, exact: true });
      await expect(chart.getByRole('heading', { name })).toBeVisible();
      await expect(chart.locator('.recharts-line-curve')).toBeVisible();
      await expect(chart.getByText('No data to show')).toHaveCount(0);
    }
    const rows = page.getByTestId('recent-visit');
    await expect(rows).toHaveCount(5);
    await expect(rows.first().locator('td').last()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} [AP]M$/);
  });

  test('the rental program manager reads Homes Rented', async ({ page }) => {
    await signIn(page, 'rental.pm');
    await expect(page.getByRole('region', { name: 'Homes Rented' }).getByTestId('stat-value')).toHaveText(/^\d/);
  });
});
