/**
 * 导出: the button shows only with the export action; it sends the table's filters (not the page)
 * with the chosen format and the bearer token, saves the file under the server's Chinese name, and
 * hands a refusal to the request layer (its Chinese msg) without saving anything.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ExportButton from '@/components/ExportButton';
import { filenameOf } from '@/services/exportFile';
import { handleAnswer } from '@/services/request';
import { saveBlob } from '@/utils/download';
import { feedback } from '@/kit/feedback';
import { EXPORT_TEXT } from '#contract/text/exports';

jest.mock('@/auth/session', () => ({ getToken: () => 'token-1' }));
jest.mock('@/services/request', () => ({ handleAnswer: jest.fn(), transportErrorText: () => '网络异常' }));
jest.mock('@/utils/download', () => ({ saveBlob: jest.fn() }));
jest.mock('@/kit/feedback', () => ({
  feedback: { message: { loading: jest.fn(), success: jest.fn(), error: jest.fn(), destroy: jest.fn() } },
}));

const DISPOSITION = `attachment; filename="-20261124.csv"; filename*=UTF-8''${encodeURIComponent('订单列表-20261124.csv')}`;

function answer(body: string, headers: Record<string, string>) {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    blob: async () => new Blob([body]),
    json: async () => JSON.parse(body),
  };
}

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  jest.mocked(saveBlob).mockReset();
  jest.mocked(handleAnswer).mockReset();
  jest.mocked(feedback.message.success).mockReset();
});

async function choose(label: string) {
  fireEvent.click(screen.getByTestId('export-button'));
  fireEvent.click(await screen.findByText(label));
}

describe('ExportButton', () => {
  it('is not shown without the export action', () => {
    render(<ExportButton path="order/export" allowed={false} filters={() => ({})} />);
    expect(screen.queryByTestId('export-button')).toBeNull();
  });

  it("posts the table's filters without the page, with the format and the token, and saves the named file", async () => {
    fetchMock.mockResolvedValue(
      answer('\uFEFF订单号\r\n', { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': DISPOSITION, 'x-export-rows': '0' }),
    );
    render(<ExportButton path="order/export" allowed filters={() => ({ status: 'paid', orderNo: '', current: 3, pageSize: 20 })} />);
    await choose('导出 Excel');
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/order/export');
    expect(JSON.parse(init.body)).toEqual({ status: 'paid', format: 'xlsx' });
    expect(init.headers.authorization).toBe('Bearer token-1');
    expect(jest.mocked(saveBlob).mock.calls[0][1]).toBe('订单列表-20261124.csv');
    expect(feedback.message.success).toHaveBeenCalledWith(expect.objectContaining({ content: EXPORT_TEXT.done(0) }));
  });

  it('hands a refusal to the request layer and saves nothing', async () => {
    const refusal = {
      isSuccess: false,
      code: 'A0400',
      msg: '参数错误：符合条件的记录有 3 条，超过单次导出上限 2 条，请缩小筛选范围后再导出',
      content: null,
    };
    fetchMock.mockResolvedValue(answer(JSON.stringify(refusal), { 'content-type': 'application/json; charset=utf-8' }));
    render(<ExportButton path="account/export" allowed filters={() => ({})} />);
    await choose('导出 CSV');
    await waitFor(() => expect(handleAnswer).toHaveBeenCalledWith(refusal));
    expect(saveBlob).not.toHaveBeenCalled();
    expect(feedback.message.success).not.toHaveBeenCalled();
  });
});

describe('filenameOf', () => {
  it("prefers RFC 5987's filename*, then the plain name, then the fallback", () => {
    expect(filenameOf(DISPOSITION, 'x.csv')).toBe('订单列表-20261124.csv');
    expect(filenameOf('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
    expect(filenameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.csv')).toBe('x.csv');
  });
});
