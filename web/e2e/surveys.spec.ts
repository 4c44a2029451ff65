import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const questions = (page: Page) => page.getByRole('list', { name: 'Questions' }).getByRole('listitem');

async function addQuestion(page: Page, text: string, type: string) {
  await page.getByRole('button', { name: 'Add Question' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Question/ }).fill(text);
  await dialog.getByRole('combobox', { name: /Answer type/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.pm');
});

test('pre-tour survey: adds a multiple-choice question in two steps, then deletes it', async ({ page }) => {
  await page.goto('/pre-tour-survey');
  await expect(page.getByRole('heading', { name: 'Pre-Tour Survey' })).toBeVisible();
  await expect(questions(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Edit question 1' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete question 1' })).toBeDisabled();

  const dialog = await addQuestion(page, 'Which floor plan do you like?', 'Multiple Choice');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Label/ })).toHaveCount(4);
  await dialog.getByRole('textbox', { name: 'Label 1' }).fill('The Aspen');
  await dialog.getByRole('textbox', { name: 'Label 2' }).fill('The Birch');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Fill or delete this field')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Delete label 4' }).click();
  await dialog.getByRole('button', { name: 'Delete label 3' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Questions updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(questions(page)).toHaveCount(4);
  await expect(questions(page).nth(3)).toContainText('Which floor plan do you like?');
  await expect(questions(page).nth(3)).toContainText('The Birch');

  await page.reload();
  await expect(questions(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Delete question 4' }).click();
  await expect(page.getByText('Questions updated')).toBeVisible();
  await expect(questions(page)).toHaveCount(3);
  await page.reload();
  await expect(questions(page)).toHaveCount(3);
});

test('post-tour survey: up to two questions, edited and deleted', async ({ page }) => {
  await page.goto('/post-tour-survey');
  await expect(page.getByRole('heading', { name: 'Post-Tour Survey' })).toBeVisible();
  const start = await questions(page).count();
  for (let i = start; i < 2; i++) {
    const dialog = await addQuestion(page, `How was tour part ${i + 1}?`, 'Text Stream');
    await expect(dialog.getByText('Visitors answer in at most 30 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Post Tour Questions updated').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  await expect(questions(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add Question' })).toBeDisabled();

  await page.getByRole('button', { name: 'Edit question 1' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Answer type/ }).click();
  await page.getByRole('option', { name: 'Yes/No' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(questions(page).first()).toContainText('Yes/No');

  await page.getByRole('button', { name: 'Delete question 2' }).click();
  await expect(questions(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete question 1' }).click();
  await expect(page.getByText('No questions yet.')).toBeVisible();
});
