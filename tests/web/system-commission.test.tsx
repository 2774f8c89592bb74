/**
 * The commission dialog refuses a rate above 100 % before sending, with the sentence the server
 * would answer (contract/rules.ts), instead of silently saving 100 %.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SaleForm } from '@/pages/client/system/UsersManager/AccountForms';
import { limitText, LIMITS } from '#contract/rules';

async function typeRate(value: string) {
  const onSubmit = jest.fn(async () => true);
  render(<SaleForm username="demo_sale" rate={1000} enabled onClose={() => undefined} onSubmit={onSubmit} />);
  // Role queries compute every element's style in jsdom, which takes minutes under antd's CSS-in-JS:
  // the dialog's parts are found by their classes instead.
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('.ant-modal input.ant-input-number-input');
    if (!found) throw new Error('the rate input is not there yet');
    return found;
  });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  const ok = document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary');
  expect(ok?.textContent?.replace(/\s/g, '')).toBe('确认');
  fireEvent.click(ok!);
  return { input, onSubmit };
}

it('refuses 150 % with the server’s sentence, keeps what was typed and sends nothing', async () => {
  const { input, onSubmit } = await typeRate('150');
  expect(await screen.findByText('佣金比例应在 0–100% 之间')).toBeInTheDocument();
  expect(limitText(LIMITS.commissionPercent)).toBe('佣金比例应在 0–100% 之间');
  // Kept as typed (shown with the field's two decimals), not clamped to 100.
  expect(input.value).toBe('150.00');
  expect(onSubmit).not.toHaveBeenCalled();
});

it('sends 12.5 %', async () => {
  const { onSubmit } = await typeRate('12.5');
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(12.5, true));
});
